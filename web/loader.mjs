// How a page of Monopoly Worlds loads its code (trunk's initializer, used by index.html,
// maker.html and lab.html): the HTML shell says how much has arrived, and if the code cannot
// be loaded it says so and offers Retry, instead of a blank or frozen page.
export default function loader() {
  const status = () => document.querySelector('#shell .shell-status');
  const bar = () => document.querySelector('#shell .shell-progress');
  const what = () => document.getElementById('shell')?.dataset.what || 'the game';
  return {
    onProgress: ({ current, total }) => {
      const s = status();
      if (!s || !(total > 0)) return;
      const percent = Math.min(100, Math.round((current / total) * 100));
      const b = bar();
      if (b) { b.max = 100; b.value = percent; b.hidden = false; }
      // A press on the menu is remembered ("Opening Play…"): the count goes on after it.
      const doing = s.textContent.startsWith('Opening') ? s.textContent.replace(/….*$/, '') : `Loading ${what()}`;
      s.textContent = `${doing}… ${percent}%`;
    },
    onFailure: (error) => {
      const shell = document.getElementById('shell');
      if (!shell) return;
      shell.setAttribute('aria-busy', 'false');
      const b = bar();
      if (b) b.hidden = true;
      const s = status();
      if (s) s.remove();
      const box = document.createElement('div');
      box.className = 'problem load-failed';
      box.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = `${what()[0].toUpperCase()}${what().slice(1)} could not be loaded. `
        + 'Check your connection and try again. Nothing you saved is lost.';
      const detail = document.createElement('p');
      detail.className = 'hint';
      detail.textContent = String(error && error.message ? error.message : error);
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'menu-button primary';
      retry.textContent = 'Retry';
      retry.addEventListener('click', () => location.reload());
      box.append(text, detail, retry);
      (shell.querySelector('.menu-card') || shell).appendChild(box);
      retry.focus();
    },
  };
}
