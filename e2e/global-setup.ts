/**
 * Starts the whole product once for the browser journeys: every service and the gateway as separate
 * processes on the real PostgreSQL (a fresh database) and NATS, each remote on its own static server,
 * and a local SMTP server that captures the mail the product sends.
 */
import type { TestProject } from 'vitest/node';
import { startProduct } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    controlUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('mailboxUrl', product.mailboxUrl);
  project.provide('controlUrl', product.controlUrl);
  return () => product.stop();
}
