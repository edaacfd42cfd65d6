// The page's shell while its code loads (index.html, maker.html, lab.html): when the code
// cannot be loaded (its wasm, from web/loader.mjs, or its JavaScript, seen here), the shell
// says so and offers Retry instead of staying on "Loading…".
(function () {
  window.__mwLoadFailed = function (error) {
    var shell = document.getElementById('shell');
    if (!shell || shell.querySelector('.load-failed')) return;
    shell.setAttribute('aria-busy', 'false');
    var bar = shell.querySelector('.shell-progress');
    if (bar) bar.hidden = true;
    var status = shell.querySelector('.shell-status');
    if (status) status.remove();
    var what = shell.getAttribute('data-what') || 'the game';
    var box = document.createElement('div');
    box.className = 'problem load-failed';
    box.setAttribute('role', 'alert');
    var text = document.createElement('p');
    text.textContent = what.charAt(0).toUpperCase() + what.slice(1) + ' could not be loaded. ' +
      'Check your connection and try again. Nothing you saved is lost.';
    var detail = document.createElement('p');
    detail.className = 'hint';
    detail.textContent = String(error && error.message ? error.message : error || 'The code did not arrive.');
    var retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'menu-button primary';
    retry.textContent = 'Retry';
    retry.addEventListener('click', function () { location.reload(); });
    box.appendChild(text);
    box.appendChild(detail);
    box.appendChild(retry);
    (shell.querySelector('.menu-card') || shell).appendChild(box);
    retry.focus();
  };
  // A keyboard player may Tab into the shell's menu before the code arrives: when the code
  // replaces the shell, the focus goes to the app's control of the same name (not to the page's
  // top, where the next Enter would do nothing).
  var lastFocus = null;
  var noteFocus = function (ev) {
    var shell = document.getElementById('shell');
    lastFocus = shell && shell.contains(ev.target) ? ev.target : null;
  };
  document.addEventListener('focusin', noteFocus);
  new MutationObserver(function (changes, observer) {
    if (document.getElementById('shell')) return;
    observer.disconnect();
    document.removeEventListener('focusin', noteFocus);
    var was = lastFocus;
    lastFocus = null;
    var active = document.activeElement;
    if (!was || (active && active !== document.body)) return;
    var name = was.textContent.trim();
    var same = Array.prototype.find.call(document.querySelectorAll('button, a[href]'), function (el) {
      return el.textContent.trim() === name && !el.disabled;
    });
    if (same) same.focus();
  }).observe(document.body || document.documentElement, { childList: true });
  // A module script whose JavaScript could not be fetched fires "error" at its element.
  window.addEventListener('error', function (ev) {
    var el = ev.target;
    if (el && el.tagName === 'SCRIPT' && el.type === 'module') {
      window.__mwLoadFailed(new Error('The page\'s code could not be fetched.'));
    }
  }, true);
})();
