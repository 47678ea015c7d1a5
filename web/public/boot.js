/* global document, requestAnimationFrame */
// Starts the app after the first paint, so build-time HTML shows at once and the bundle does
// not compete with it. The entry and its chunks are named by the <script> tag that loads this.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preload = JSON.parse(tag.getAttribute('data-preload') || '[]');
  function start() {
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
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
