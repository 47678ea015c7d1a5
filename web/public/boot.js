/* global document, window, requestAnimationFrame */
// Starts the app. On a page rendered at build time it waits until that HTML has been painted,
// so the bundle never competes with the first paint; elsewhere it starts at once. The entry and
// its chunks are named by the <script> tag that loads this file.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preload = JSON.parse(tag.getAttribute('data-preload') || '[]');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    script.crossOrigin = '';
    document.head.appendChild(script);
  }
  var root = document.getElementById('root');
  if (!root || !root.hasAttribute('data-prerendered')) return start();
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the load fallback below starts the app.
  }
  // Never wait long: two frames after load at the latest, plus a safety timeout.
  window.addEventListener('load', function () {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 50);
      });
    });
  }, { once: true });
  setTimeout(start, 1500);
})();
