import { afterEach, describe, expect, it } from 'vitest';
import { startUpstream } from '../test/harness';
import {
  createUpstreams,
  destroyUpstreams,
  pickTarget,
  recordOutcome,
  EJECT_AFTER,
  type Upstreams,
} from './upstreams';

const made: Upstreams[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  made.splice(0).forEach(destroyUpstreams);
  await Promise.all(closers.splice(0).map((c) => c()));
});

function upstreams(chat: string, intervalMs = 0): Upstreams {
  const one = 'http://127.0.0.1:1';
  const ups = createUpstreams({ auth: one, chat, billing: one, admin: one }, 10, intervalMs);
  made.push(ups);
  return ups;
}

describe('upstream addresses', () => {
  it('takes them in turn and skips an ejected one until its cool-off ends', () => {
    const chat = upstreams('http://127.0.0.1:1001,http://127.0.0.1:1002').chat;
    const [a, b] = chat.targets;
    expect([pickTarget(chat), pickTarget(chat), pickTarget(chat)]).toEqual([a, b, a]);
    for (let i = 0; i < EJECT_AFTER; i += 1) recordOutcome(a!, false, 1_000);
    expect([pickTarget(chat, undefined, 2_000), pickTarget(chat, undefined, 2_000)]).toEqual([b, b]);
    // Once the cool-off is over it takes its turns again.
    const after = a!.ejectedUntil;
    expect([pickTarget(chat, undefined, after), pickTarget(chat, undefined, after)]).toContain(a);
  });

  it('a success clears the failure count', () => {
    const [a] = upstreams('http://127.0.0.1:1001,http://127.0.0.1:1002').chat.targets;
    recordOutcome(a!, false);
    recordOutcome(a!, false);
    recordOutcome(a!, true);
    recordOutcome(a!, false);
    expect(a!.ejectedUntil).toBe(0);
  });

  it('checks /readyz actively and stops sending to an address that is not ready', async () => {
    const notReady = await startUpstream((_req, res) => res.writeHead(503).end());
    const ready = await startUpstream((_req, res) => res.writeHead(200).end());
    closers.push(notReady.close, ready.close);
    // The probe's own timeout is the interval (capped at 2 s): 100 ms, so a slow machine's late answer from
    // the ready address is not taken for a failure.
    const chat = upstreams(`${notReady.url},${ready.url}`, 100).chat;
    const [a, b] = chat.targets;
    await expect.poll(() => [a!.healthy, b!.healthy], { timeout: 5_000 }).toEqual([false, true]);
    expect([pickTarget(chat), pickTarget(chat), pickTarget(chat)]).toEqual([b, b, b]);
  });
});
