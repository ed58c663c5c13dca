// `npm run dev`: the API server (restarts on change) and Vite's dev server (hot reload) side by side.
// Open http://localhost:5173; Vite forwards /api and /__google to the server on port 3000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@sheetforms/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@sheetforms/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
