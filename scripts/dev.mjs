// `npm run dev`: the API server with reload on SERVER_PORT (3001) and Vite's dev server on PORT (3000),
// which proxies /api and /socket.io to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const serverPort = process.env.SERVER_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${webPort}` },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_PORT: webPort, SERVER_PORT: serverPort },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
