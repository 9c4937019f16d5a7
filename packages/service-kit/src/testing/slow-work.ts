/**
 * Work that takes `ms` of real time, for tests of what a bus or a server does while a handler is
 * busy (a slow handler past its ack deadline). The slowness is the subject of such a test, never a
 * wait for something else to happen: tests wait for what they check (expect.poll, an event, a row).
 */
export function slowWork(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
