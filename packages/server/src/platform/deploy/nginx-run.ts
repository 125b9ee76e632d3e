import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * deploy/nginx.conf run for real, as the two-instance test and the proxy bench do: Debian's nginx
 * as a foreground process of the caller's, in a temporary directory of its own (its pid, logs and
 * temporary files), on ports of its own, with a self-signed certificate made by openssl. The
 * configuration is the deployed file with only the upstream addresses, the listen ports, the
 * certificate paths and the access log replaced.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

/** The nginx binary (NGINX_BIN, else Debian's /usr/sbin/nginx, else the PATH's), or null when none is installed. */
export function nginxBinary(): string | null {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface NginxSite {
  /** the instances' ports on 127.0.0.1 */
  upstreams: number[];
  httpsPort: number;
  httpPort: number;
  certFile: string;
  keyFile: string;
  accessLog: string;
  /** answers carry X-Upstream (the instance that answered): the test's way to see where a request went */
  revealUpstream?: boolean;
}

/** deploy/nginx.conf with this site's ports and paths in place of the deployed ones. */
export function renderSite(conf: string, site: NginxSite): string {
  const servers = site.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx.conf: ${from} not found`);
    return text.replace(from, to);
  };
  let out = replace(conf, /(upstream weighbridge \{)[\s\S]*?(\n\s*keepalive )/, `$1\n${servers}$2`);
  out = replace(out, /listen 80;/, `listen 127.0.0.1:${site.httpPort};`);
  out = replace(out, /listen 443 ssl http2;/, `listen 127.0.0.1:${site.httpsPort} ssl http2;`);
  out = replace(out, /\/etc\/nginx\/tls\/weighbridge\.crt/, site.certFile);
  out = replace(out, /\/etc\/nginx\/tls\/weighbridge\.key/, site.keyFile);
  out = replace(out, /access_log \/var\/log\/nginx\/weighbridge\.access\.log;/, `access_log ${site.accessLog};`);
  if (site.revealUpstream) out = replace(out, /(ssl_session_timeout 1d;)/, `$1\n    add_header X-Upstream $upstream_addr always;`);
  return out;
}

/** A port nothing listens on right now, as the kernel hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  httpsUrl: string;
  httpUrl: string;
  /** the self-signed certificate, to trust as its own authority */
  ca: Buffer;
  log(): string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not listen on ${port} within 20 s:\n${log()}`);
}

/** Starts nginx in front of the instances on these ports; stop() ends it and removes its directory. */
export async function startNginx(binary: string, upstreams: number[], opts: { revealUpstream?: boolean } = {}): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-nginx-'));
  // the workers (nobody, when the master is root) write the proxy's temporary files here
  fs.chmodSync(dir, 0o755);
  const certFile = path.join(dir, 'tls.crt');
  const keyFile = path.join(dir, 'tls.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = renderSite(fs.readFileSync(NGINX_CONF, 'utf8'), {
    upstreams, httpsPort, httpPort, certFile, keyFile, accessLog: path.join(dir, 'access.log'), revealUpstream: opts.revealUpstream,
  });
  fs.writeFileSync(path.join(dir, 'weighbridge.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), [
    'daemon off;', 'worker_processes 1;', `pid ${path.join(dir, 'nginx.pid')};`, `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    `http { ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
    `  include ${path.join(dir, 'weighbridge.conf')};`, '}', '',
  ].join('\n'));
  let output = '';
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const log = () => {
    const errors = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    return `${output}${errors}`;
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(httpsPort, child, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { httpsUrl: `https://127.0.0.1:${httpsPort}`, httpUrl: `http://127.0.0.1:${httpPort}`, ca: fs.readFileSync(certFile), log, stop };
}
