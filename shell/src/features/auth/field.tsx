import { useId, type InputHTMLAttributes } from 'react';

type FieldProps = { label: string; testId: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input; the label's `for` ties it to the input for screen readers and tests. */
export function Field({ label, testId, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} {...input} />
    </div>
  );
}
