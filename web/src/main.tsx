import './index.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The entry starts the app in steps, each evaluated in a task of its own: React DOM, i18next,
 * then the router and the app shell. One task for all of it would block the main thread for their sum
 * (what Lighthouse's Total Blocking Time counts); between the steps input and painting can run.
 * /boot.js fetches the modules of every step at once (build-plugins.ts), so no step waits on
 * the network.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./lib/i18n');
  await nextTask();
  const { startApp } = await import('./app/start');
  await startApp();
}

void start();
