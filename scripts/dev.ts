// `npm run dev`: the API on :3000, restarted when server or contract files change, and Vite's dev server on
// :5173 with hot reload, proxying /api to the API. Ctrl-C stops both (the API shuts its database down).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function run(name: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) =>
    target.write(chunk.toString().replace(/^(?=.)/gm, prefix));
  child.stdout!.on('data', forward(process.stdout));
  child.stderr!.on('data', forward(process.stderr));
  child.on('exit', (code) => {
    process.stdout.write(`${prefix}exited (${code ?? 'signal'})\n`);
    if (!stopping) stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
    ),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', ['--env-file-if-exists=.env', '--watch-path=server', '--watch-path=contracts', 'server/main.ts'], {
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
run('web', [path.join('node_modules', 'vite', 'bin', 'vite.js'), '--config', 'web/vite.config.ts']);
