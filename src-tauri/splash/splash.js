// The splash shows "starting" until the app navigates the window to the local server. If
// the server cannot start, the app opens this page again with ?error=...&hint=...&log=...
const q = new URLSearchParams(location.search);
if (q.has('error')) {
  document.getElementById('starting').hidden = true;
  document.getElementById('failed').hidden = false;
  document.getElementById('error').textContent = q.get('error');
  document.getElementById('hint').textContent = q.get('hint') || '';
  document.getElementById('log').textContent = q.get('log') || '';
  document.title = 'Entrada could not start';
}
