// How a page of Monopoly Worlds loads its code (trunk's initializer, used by index.html,
// maker.html and lab.html): the HTML shell says how much has arrived, and if the code cannot
// be loaded web/shell.js says so and offers Retry, instead of a blank or frozen page.
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
    // The message and Retry are made by web/shell.js, which works even when this file or
    // the page's JavaScript did not arrive.
    onFailure: (error) => window.__mwLoadFailed?.(error),
  };
}
