/** Spec §2 empty state: four quick-start cards; clicking one sends its prepared prompt. */
export const QUICK_STARTS = [
  {
    title: 'Write a professional email',
    prompt: 'Help me write a professional email. Ask me who it is for and what it should say, then draft it.',
  },
  {
    title: 'Explain a complex topic',
    prompt:
      'Explain a complex topic to me in simple terms, with an example. Start with how large language models work.',
  },
  {
    title: 'Debug my code',
    prompt:
      'Help me debug my code. I will paste it with the error message; walk me through finding the cause.',
  },
  {
    title: 'Create a learning plan',
    prompt: 'Create a learning plan for me: a week-by-week plan with goals, resources and small projects.',
  },
] as const;
