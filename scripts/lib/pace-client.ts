/**
 * A client's own pace: the pause between the requests of a test client sending at a steady rate (a
 * rate limit is about requests over time). Never a wait for something to happen: tests wait for what
 * they check.
 */
export function paceClient(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
