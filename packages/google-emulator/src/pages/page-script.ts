/**
 * The data pages' only script (served same-origin as /assets/page.js, so the CSP can stay `script-src
 * 'self'`): Copy buttons for the URLs, and reading a chosen CSV file into the form's text field, because
 * the emulator has no multipart parser. Everything else works without it.
 */
export const PAGE_SCRIPT = `'use strict';
document.addEventListener('click', function (event) {
  var button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  var input = document.getElementById(button.getAttribute('data-copy'));
  if (!input) return;
  var done = function () {
    var status = document.getElementById('copy-status');
    if (status) status.textContent = 'Copied ' + input.value;
    button.textContent = 'Copied';
    setTimeout(function () { button.textContent = 'Copy'; }, 1500);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, function () { input.select(); document.execCommand('copy'); done(); });
  } else {
    input.select();
    document.execCommand('copy');
    done();
  }
});
var file = document.getElementById('csv-file');
var text = document.getElementById('csv-text');
if (file && text && file.form) {
  var read = function () {
    var chosen = file.files && file.files[0];
    return chosen ? chosen.text().then(function (content) { text.value = content; }) : Promise.resolve();
  };
  file.addEventListener('change', read);
  // Reading a file is asynchronous: a quick submit waits for it, so the chosen file is always what is sent.
  file.form.addEventListener('submit', function (event) {
    if (!(file.files && file.files[0])) return;
    event.preventDefault();
    var form = file.form;
    read().then(function () { form.submit(); });
  });
}
`;
