import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteAnswer, RouteContract, RouteInput } from '@noek/contracts';
import { parseRequest } from '../validation/validate';

/**
 * Returned by a handler that answered by itself (an event stream, a redirect, a 304): nothing more is
 * sent. A JSON route's handler otherwise returns its contract's answer.
 */
export class Answered {
  // A private member makes the type nominal: no answer object can pass for it.
  private readonly answered = true;
}
export const ANSWERED = new Answered();

export type ContractHandler<R extends RouteContract> = (
  input: RouteInput<R>,
  req: Request,
  res: Response,
) => RouteAnswer<R> | Answered | Promise<RouteAnswer<R> | Answered>;

/** Thrown (500) under answer checks when a handler answers a shape its contract does not declare. */
export class AnswerContractError extends Error {
  override readonly name = 'AnswerContractError';
}

const REGISTERED = 'contractRoutes';

/** `METHOD path` of every route registered through contractRoute on this app (the route check reads it). */
export function contractRoutesOf(app: Express): ReadonlySet<string> {
  return (app.locals[REGISTERED] as Set<string> | undefined) ?? new Set();
}

function remember(app: Express, entry: RouteContract): void {
  const set = (app.locals[REGISTERED] as Set<string> | undefined) ?? new Set<string>();
  set.add(`${entry.method} ${entry.path}`);
  app.locals[REGISTERED] = set;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths present in what was sent but dropped by the schema: fields the contract does not declare. */
function undeclaredFields(sent: unknown, parsed: unknown, at = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((v, i) => undeclaredFields(v, parsed[i], `${at}[${i}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((k) =>
    k in parsed ? undeclaredFields(sent[k], parsed[k], `${at}.${k}`) : [`${at}.${k}`],
  );
}

/** The answer as JSON carries it, checked: the schema reads it, and nothing is left undeclared. */
function checkAnswer(entry: RouteContract, answer: unknown): void {
  const where = `${entry.method} ${entry.path}`;
  if (!entry.response) throw new AnswerContractError(`${where} answered a body; its contract declares none`);
  const wire: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = entry.response.safeParse(wire);
  if (!result.success)
    throw new AnswerContractError(`${where} answered a shape its contract refuses: ${result.error.message}`);
  const extra = undeclaredFields(wire, result.data);
  if (extra.length > 0)
    throw new AnswerContractError(
      `${where} answered fields its contract does not declare: ${extra.join(', ')}`,
    );
}

/**
 * Sends `answer` as the JSON answer of `entry` from outside its handler (a reply sink that answers once
 * the reply is stored), checked like a handler's return value when answer checks are on.
 */
export function sendContractAnswer<R extends RouteContract>(
  res: Response,
  entry: R,
  answer: RouteAnswer<R>,
): void {
  if (res.headersSent) return;
  if (res.app.locals.checkAnswers === true) checkAnswer(entry, answer);
  res.status(entry.status ?? 200).json(answer);
}

/**
 * Registers `entry` (contracts apiRoutes / internalRoutes) on `app`: method and path from the entry,
 * params, query and body parsed with its schemas (400 through the one error middleware), then the
 * handler, whose return value is the answer: JSON with the entry's status (200 or 201), or 204 for
 * `answer: 'empty'`. With answer checks on (tests: createServiceApp `checkAnswers`) an answer its
 * response schema refuses, or with fields it does not declare, fails the request with a 500 that names
 * the route and the fields. Extra middleware runs before the parsing (e.g. an access check).
 */
export function contractRoute<const R extends RouteContract>(
  app: Express,
  entry: R,
  ...rest: [...middleware: RequestHandler[], handler: ContractHandler<R>]
): void {
  const handler = rest.pop() as ContractHandler<R>;
  const middleware = rest as RequestHandler[];
  const run = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = parseRequest(entry, req) as RouteInput<R>;
      const answer = await handler(input, req, res);
      if (answer === ANSWERED || res.headersSent) return;
      if (entry.answer === 'empty') {
        if (req.app.locals.checkAnswers === true && answer !== undefined)
          throw new AnswerContractError(
            `${entry.method} ${entry.path} answered a body; its contract says empty`,
          );
        res.status(204).end();
        return;
      }
      if (req.app.locals.checkAnswers === true) checkAnswer(entry, answer);
      res.status(entry.status ?? 200).json(answer);
    } catch (err) {
      next(err);
    }
  };
  const method = entry.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
  app[method](entry.path, ...middleware, run);
  remember(app, entry);
}
