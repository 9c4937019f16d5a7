/**
 * Replies as models write them every day, for the rendering tests, the benchmark and the browser
 * journey. Each is what a reader must see rendered, not as source.
 */
export const TABLE_REPLY = `Here is a comparison of the three plans:

| Plan | Price | Messages / day | Models |
|:-----|------:|:--------------:|--------|
| Free | $0 | 20 | **small** |
| Plus | $12 | 500 | small, ~~medium~~ large |
| Team | $30 | unlimited | all, with \`tools\` |

Prices are per month.`;

export const NESTED_LIST_REPLY = `To set up the project:

1. Install the tools
   - Node 20 or newer
   - PostgreSQL
     - version 15+
     - with the \`pgcrypto\` extension
2. Configure the app
   1. copy \`.env.example\` to \`.env\`
   2. fill in the keys
3. Run it

Checklist:

- [x] repository cloned
- [ ] database created
- [ ] first user signed up`;

export const MATH_REPLY = `Euler's identity $e^{i\\pi}+1=0$ links five constants, and \\(a^2+b^2=c^2\\) is Pythagoras.

$$
\\int_0^1 x^2\\,dx = \\frac{1}{3}
$$

The quadratic formula:

\\[
x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}
\\]

A price like $5 and $10 stays text.`;

export const CODE_SAMPLES: Record<string, string> = {
  python: 'def greet(name: str) -> str:\n    """Say hello."""\n    return f"Hello, {name}!"  # greeting',
  typescript:
    'interface User { id: number; name: string }\nexport const byId = (users: User[], id: number) => users.find((u) => u.id === id);',
  javascript: 'const total = items.reduce((sum, x) => sum + x.price, 0);\nconsole.log(`total: ${total}`);',
  rust: 'fn main() {\n    let v: Vec<i32> = (1..=10).collect();\n    println!("{}", v.iter().sum::<i32>());\n}',
  go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hello")\n}',
  java: 'public class Main {\n  public static void main(String[] args) {\n    System.out.println("hi");\n  }\n}',
  cpp: '#include <iostream>\nint main() {\n  std::cout << "hi" << std::endl;\n  return 0;\n}',
  sql: "SELECT u.name, COUNT(*) AS n\nFROM users u JOIN orders o ON o.user_id = u.id\nWHERE o.created_at > NOW() - INTERVAL '7 days'\nGROUP BY u.name;",
  bash: '#!/usr/bin/env bash\nset -euo pipefail\nfor f in *.log; do\n  echo "$f"\ndone',
  json: '{\n  "name": "noek",\n  "version": 1,\n  "private": true\n}',
  yaml: 'services:\n  db:\n    image: postgres:16\n    ports: ["5432:5432"]',
  html: '<!doctype html>\n<p class="x">Hello <b>world</b></p>\n<script>alert(1)</script>',
};

export const codeReply = (lang: string) =>
  `An example in ${lang}:\n\n\`\`\`${lang}\n${CODE_SAMPLES[lang]}\n\`\`\`\n\nThat is all.`;

export const MIXED_REPLY = `## Summary

The **fast** path uses a cache[^cache]; see <https://example.com/docs> or www.example.org.

> Note: the slow path is ~~deprecated~~ *kept* for now.

![architecture diagram](https://images.example.com/arch.png)

| Step | Cost |
|------|-----:|
| parse | $O(n)$ |
| render | $O(k)$ |

\`\`\`ts
export function cached<T>(key: string, make: () => T): T {
  return cache.get(key) ?? make();
}
\`\`\`

---

Questions? Write to [support](mailto:help@example.com) &amp; see [home](/).

[^cache]: An in-memory LRU of 500 entries.`;
