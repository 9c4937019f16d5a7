import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx, where a package or a source build puts it; undefined when not installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(
  existsSync,
);

/**
 * The configuration of nginx as the reference reverse proxy for bench:gateway, in a fresh directory:
 * one worker and no master (its CPU is one process's, like the gateway's), upstream keep-alive, a request
 * id and X-Forwarded-For, no access log. keepalive_requests is lifted on both sides: at its default (1000)
 * nginx closes a client connection every 1000 requests and the load generator counts the requests in
 * flight on it as errors (and the upstream side would reconnect just as often).
 * `timeoutS` shortens nginx's client header and body timeouts (the differential test's requests that wait
 * for bytes that never come); `Host` is passed on as the client sent it, as the gateway does.
 * Returns the arguments to start nginx with.
 */
export function referenceNginxArgs(port: number, upstreamPort: number, timeoutS = 60): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gateway-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_header_timeout ${timeoutS}s;
  client_body_timeout ${timeoutS}s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 128; keepalive_requests 1000000; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
      add_header X-Request-Id $request_id;
    }
  }
}
`,
  );
  return ['-c', conf, '-p', dir];
}
