/**
 * While a recording or an upload is in progress, leaving the page (reload, close, back) would lose it: the browser
 * asks first. Browsers show their own sentence; the page cannot word it.
 */
let inProgress = 0;

function warn(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium and Safari need returnValue set to show the prompt.
  event.returnValue = true;
}

/** Asks before leaving until `work` settles; returns `work`. */
export function guardLeaving<T>(work: Promise<T>): Promise<T> {
  if (inProgress++ === 0) window.addEventListener('beforeunload', warn);
  const release = () => {
    if (--inProgress === 0) window.removeEventListener('beforeunload', warn);
  };
  work.then(release, release);
  return work;
}
