/**
 * `npm run serve` and `npx erp-workbench serve` start the server under npm (npm -> sh -> node).
 * A SIGTERM to npm (what CI runners, process managers and `kill $!` send) ends npm and its shell
 * without passing the signal on: the server used to live on as an orphan, holding its port and
 * its database. Under npm (npm_command is set in the environment of what it runs) we note our
 * parent and stop when it is gone. Started any other way (node dist/server/serve.js, a
 * container's PID 1, a global install) nothing is watched: `serve &` in a script that then
 * exits must keep running.
 */
export function watchWrapper(env: NodeJS.ProcessEnv, onGone: (why: string) => void, intervalMs = 500): () => void {
  if (env.npm_command === undefined) return () => undefined;
  const parent = process.ppid;
  // Already orphaned (ppid 1): nothing to watch.
  if (parent <= 1) return () => undefined;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone(`its parent process (pid ${parent}, started by ${env.npm_command === "exec" ? "npx" : "npm run"}) is gone`);
  }, intervalMs);
  // The watch alone never keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
