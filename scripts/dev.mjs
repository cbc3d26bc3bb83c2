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

// Ctrl-C in a terminal reaches both children directly. Anything else (one child ending, a signal sent to this
// process alone) stops the rest after a moment, so no child gets two signals: its second one means "exit now".
const running = (child) => child.exitCode === null && child.signalCode === null;
const stopOthersSoon = () =>
  setTimeout(() => children.filter(running).forEach((child) => child.kill('SIGTERM')), 2_000).unref();

for (const child of children) {
  child.on('exit', (code) => {
    if (!children.some(running)) process.exit(code ?? 0);
    stopOthersSoon();
  });
}
process.on('SIGINT', stopOthersSoon);
process.on('SIGTERM', stopOthersSoon);
