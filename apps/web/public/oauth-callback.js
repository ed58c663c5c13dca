// Landing page of the Google sign-in popup. It hands the fragment parameters (id_token, state or error)
// to the SheetForms window that opened it, then closes. A separate file so a `script-src 'self'` CSP holds.
(() => {
  const params = Object.fromEntries(new URLSearchParams(window.location.hash.slice(1)));
  // Keep the token out of the address bar and the history.
  history.replaceState(null, '', window.location.pathname);

  const opener = window.opener;
  if (opener && !opener.closed) {
    opener.postMessage({ type: 'sheetforms:oauth-callback', params }, window.location.origin);
    window.close();
    return;
  }

  const show = () => {
    const status = document.getElementById('status');
    if (status) {
      status.textContent =
        'This sign-in window is no longer connected to SheetForms. Close it and start the sign-in again.';
    }
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', show);
  } else {
    show();
  }
})();
