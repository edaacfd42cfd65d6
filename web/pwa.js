// Offline and installable: the service worker (dist/sw.js, written at build time)
// keeps this build's files. When a newer build is found, a notice offers to reload.
(function () {
  if (!('serviceWorker' in navigator)) return;
  var updating = false;
  function offer(worker) {
    if (!navigator.serviceWorker.controller || document.getElementById('new-version')) return;
    var bar = document.createElement('div');
    bar.id = 'new-version';
    bar.className = 'new-version';
    bar.setAttribute('role', 'status');
    var text = document.createElement('span');
    text.textContent = 'A new version is ready — ';
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'small-button';
    button.textContent = 'Reload';
    button.addEventListener('click', function () {
      updating = true;
      worker.postMessage('skip-waiting');
    });
    bar.appendChild(text);
    bar.appendChild(button);
    document.body.appendChild(bar);
  }
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (updating) location.reload();
  });
  // Registered once the app runs (src/common/page.rs calls this; on the game's page,
  // web/loader.mjs once the game's code is compiled) and the page is idle, so caching the
  // build never competes with the first load. Asked again, it registers once.
  var asked = false;
  window.__mwStartServiceWorker = function () {
    if (asked) return;
    asked = true;
    setTimeout(register, 3000);
  };
  function register() {
    navigator.serviceWorker.register('sw.js').then(function (reg) {
      if (reg.waiting) offer(reg.waiting);
      reg.addEventListener('updatefound', function () {
        var w = reg.installing;
        if (!w) return;
        w.addEventListener('statechange', function () {
          if (w.state === 'installed') offer(w);
        });
      });
    }).catch(function () {});
  }
})();
