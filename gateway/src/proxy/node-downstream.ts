import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OwnAnswers } from '../http/own-answers';
import type { BodySink, Downstream, GoneListener } from './downstream';

/** node:http's request and response as a Downstream: for /api requests on connections node:http serves. */
export class NodeDownstream implements Downstream {
  readonly head: Downstream['head'];
  readonly hasBody: boolean;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly requestId: string,
    readonly clientIp: string,
    private readonly answers: OwnAnswers,
  ) {
    // A server-side IncomingMessage always has its method and url.
    this.head = req as Downstream['head'];
    const declared = req.headers['content-length'];
    this.hasBody = declared !== undefined ? declared !== '0' : req.headers['transfer-encoding'] !== undefined;
  }

  readBody(sink: BodySink): void {
    this.req.on('data', (chunk: Buffer) => sink.onBodyData(chunk));
    this.req.on('end', () => sink.onBodyEnd());
  }

  pauseBody(): void {
    this.req.pause();
  }

  resumeBody(): void {
    this.req.resume();
  }

  get headSent(): boolean {
    return this.res.headersSent;
  }

  sendHead(status: number, reason: string, headers: string[]): boolean {
    try {
      const own = this.answers.headerList.concat('X-Request-Id', this.requestId);
      this.res.writeHead(status, reason, own.concat(headers));
      return true;
    } catch {
      return false;
    }
  }

  flush(): void {
    this.res.flushHeaders();
  }

  write(chunk: Buffer | string): boolean {
    const { res } = this;
    if (res.writableEnded || res.destroyed) return true;
    return res.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk));
  }

  onDrain(resume: () => void): void {
    this.res.once('drain', resume);
  }

  end(): void {
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }

  refuse(status: number, code: string, message: string, headers?: Record<string, string>): void {
    this.answers.refuse(this.res, this.requestId, status, code, message, headers);
  }

  onGone(listener: GoneListener): void {
    const { res } = this;
    const { socket } = this.req;
    let told = false;
    const gone = () => {
      socket.off('close', gone);
      if (told || res.writableFinished) return;
      told = true;
      listener.onClientGone();
    };
    res.once('close', gone);
    // node:http never closes a response queued behind another when a pipelined connection goes.
    socket.once('close', gone);
  }
}
