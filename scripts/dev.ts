// `npm run dev`: the API on :3000, restarted when a file in server/ or contracts/ changes, and Vite's dev server
// on :5173 with hot reload, proxying /api to the API. Ctrl-C stops both; the API always shuts down gracefully
// (its embedded PostgreSQL with it) before it is restarted or left.
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let stopping = false;

function start(name: string, args: string[], onExit: (code: number | null) => void): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // Development: the outbox is readable and loopback host names are allowed (the server defaults to production).
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) =>
    target.write(chunk.toString().replace(/^(?=.)/gm, prefix));
  child.stdout!.on('data', forward(process.stdout));
  child.stderr!.on('data', forward(process.stderr));
  child.on('exit', onExit);
  return child;
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

let api: ChildProcess | undefined;
let restarting = false;
const startApi = () => {
  api = start('api', ['server/main.ts'], (code) => {
    if (!stopping && !restarting)
      process.stdout.write(`[api] exited (${code}); waiting for a change to restart\n`);
  });
};

let timer: NodeJS.Timeout | undefined;
const restartApi = (file: string) => {
  clearTimeout(timer);
  // Editors write several files at once; restart once they are done.
  timer = setTimeout(async () => {
    process.stdout.write(`[dev] ${file} changed: restarting the API\n`);
    restarting = true;
    await stopChild(api);
    restarting = false;
    if (!stopping) startApi();
  }, 200);
};
for (const dir of ['server', 'contracts']) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (file && /\.ts$/.test(file) && !file.endsWith('.test.ts')) restartApi(path.join(dir, file));
  });
}

startApi();
const web = start(
  'web',
  [path.join('node_modules', 'vite', 'bin', 'vite.js'), '--config', 'web/vite.config.ts'],
  () => {
    if (!stopping) void stop(1);
  },
);

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  clearTimeout(timer);
  await Promise.all([stopChild(api), stopChild(web)]);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
