// Registers the service worker (sw.js) that keeps the calculator working offline, and shows a notice with a
// Reload button when a new version has been deployed while this page is open. The URL and scope are relative,
// so this works under any sub-path. Browsers allow service workers only over https or on localhost; elsewhere
// the calculator still works, online only.
(() => {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller);
  let reloading = false;

  /** The "new version ready" banner (once); Reload activates the waiting version, then reloads. */
  function showNotice(registration) {
    if (document.querySelector('[data-testid=update-notice]')) return;
    const bar = document.createElement('div');
    bar.className = 'update-notice';
    bar.setAttribute('role', 'status');
    bar.dataset.testid = 'update-notice';
    const text = document.createElement('span');
    text.textContent = 'A new version of the planner is ready.';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload';
    button.addEventListener('click', () => {
      reloading = true;
      const waiting = registration && registration.waiting;
      if (waiting) waiting.postMessage('skip-waiting'); // the reload follows on controllerchange
      else location.reload();
    });
    bar.append(text, button);
    document.body.append(bar);
  }

  container.addEventListener('controllerchange', () => {
    // The first activation only takes over this page (same version): nothing to say.
    if (!controlled) { controlled = true; return; }
    if (reloading) location.reload();
    else showNotice(null); // another tab activated the new version
  });

  window.addEventListener('load', async () => {
    let registration;
    try {
      registration = await container.register('./sw.js', { scope: './' });
    } catch (error) {
      console.warn('offline use unavailable: the service worker did not register', error);
      return;
    }
    // A browser that blocks service workers (an automation setting) may answer with nothing.
    if (!registration) return;
    const offerWaiting = () => { if (registration.waiting && container.controller) showNotice(registration); };
    offerWaiting();
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      if (worker) worker.addEventListener('statechange', () => { if (worker.state === 'installed') offerWaiting(); });
    });
    // Look for a new deployment when the network comes back, when the page is shown again, and hourly.
    const check = () => registration.update().catch(() => {}); // offline: the next check will do
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') check(); });
    setInterval(check, 60 * 60 * 1000);
  });
})();
