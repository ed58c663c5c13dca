/** The `type` of the message the callback page posts to the token client's window. */
export const TOKEN_RESPONSE_MESSAGE = 'google-emulator/token-response';

/**
 * The browser script served at `/gsi/client`: Google Identity Services' token model
 * (`google.accounts.oauth2.initTokenClient`, `hasGrantedAllScopes`, `hasGrantedAnyScope`, `revoke`) on
 * top of the emulator's authorization endpoint. Plain ES2017 in one function, so it runs as a classic
 * script wherever GIS would.
 *
 * `requestAccessToken` opens a popup at `/o/oauth2/v2/auth` (response_type=token) whose redirect URI is the
 * emulator's own `/gsi/callback` page, carrying this window's origin and a random request id. That page
 * posts the fragment's parameters back with `postMessage(…, thatOrigin)`; this script accepts a message only
 * from the emulator's origin, from its own popup, with its request id.
 *
 * @param fallbackBase the emulator's public URL, used when the script cannot tell where it was loaded from.
 */
export function tokenClientScript(fallbackBase: string): string {
  return `/* Google Identity Services token client: local emulator. Not Google's code. */
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src
    ? script.src.replace(/\\/gsi\\/client(?:[?#].*)?$/, '')
    : ${JSON.stringify(fallbackBase)};
  var emulatorOrigin = new URL(base, window.location.href).origin;
  var google = (window.google = window.google || {});
  var accounts = (google.accounts = google.accounts || {});
  if (accounts.oauth2 && accounts.oauth2.emulated) return;

  var POPUP_WIDTH = 500;
  var POPUP_HEIGHT = 600;
  var pending = null;

  function call(fn, value) {
    if (typeof fn === 'function') fn(value);
  }

  function randomId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  function stop() {
    if (!pending) return;
    window.clearInterval(pending.timer);
    window.removeEventListener('message', onMessage);
    pending = null;
  }

  function tokenResponse(request, params) {
    var response;
    if (params.error) {
      response = { error: params.error };
      if (params.error_description) response.error_description = params.error_description;
      if (params.error_uri) response.error_uri = params.error_uri;
    } else {
      response = {
        access_token: params.access_token,
        token_type: params.token_type,
        expires_in: Number(params.expires_in),
        scope: params.scope,
        prompt: params.prompt,
      };
    }
    if (request.state !== undefined) response.state = params.state;
    return response;
  }

  function onMessage(event) {
    var request = pending;
    if (!request || event.origin !== emulatorOrigin || event.source !== request.popup) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(TOKEN_RESPONSE_MESSAGE)} || data.id !== request.id) return;
    stop();
    call(request.client.callback, tokenResponse(request, data.params || {}));
  }

  function watchPopup(request) {
    return window.setInterval(function () {
      if (pending !== request || !request.popup.closed || request.closedAt) return;
      // The callback page posts and then closes: give its message a moment to arrive first.
      request.closedAt = Date.now();
      window.setTimeout(function () {
        if (pending !== request) return;
        stop();
        call(request.client.error_callback, { type: 'popup_closed', message: 'Popup window closed' });
      }, 1000);
    }, 300);
  }

  function TokenClient(config) {
    this.config = config;
    this.callback = config.callback;
    this.error_callback = config.error_callback;
  }

  TokenClient.prototype.requestAccessToken = function (overrideConfig) {
    var config = Object.assign({}, this.config, overrideConfig || {});
    if (pending) {
      try { pending.popup.close(); } catch (ignored) { /* already gone */ }
      stop();
    }
    var id = randomId();
    var redirectUri = base + '/gsi/callback?' + new URLSearchParams({ origin: window.location.origin, id: id });
    var params = new URLSearchParams({
      client_id: config.client_id,
      redirect_uri: redirectUri,
      response_type: 'token',
      scope: config.scope,
      state: config.state !== undefined ? String(config.state) : id,
      include_granted_scopes: String(config.include_granted_scopes !== false),
    });
    // GIS's default is select_account; '' means "only when needed" and is sent as no prompt at all.
    var prompt = config.prompt === undefined ? 'select_account' : config.prompt;
    if (prompt !== '') params.set('prompt', prompt);
    var hint = config.login_hint || config.hint;
    if (hint) params.set('login_hint', hint);
    var left = (window.screenX || 0) + Math.max(0, ((window.outerWidth || POPUP_WIDTH) - POPUP_WIDTH) / 2);
    var top = (window.screenY || 0) + Math.max(0, ((window.outerHeight || POPUP_HEIGHT) - POPUP_HEIGHT) / 2);
    var popup = window.open(
      base + '/o/oauth2/v2/auth?' + params.toString(),
      'g_auth_token_window',
      'popup,width=' + POPUP_WIDTH + ',height=' + POPUP_HEIGHT + ',left=' + Math.round(left) + ',top=' + Math.round(top),
    );
    if (!popup) {
      call(this.error_callback, { type: 'popup_failed_to_open', message: 'Failed to open popup window' });
      return;
    }
    var request = { id: id, popup: popup, client: this, state: config.state, closedAt: 0, timer: 0 };
    pending = request;
    request.timer = watchPopup(request);
    window.addEventListener('message', onMessage);
    try { popup.focus(); } catch (ignored) { /* focus is a courtesy */ }
  };

  function grantedScopes(response) {
    return response && typeof response.scope === 'string' ? response.scope.split(' ').filter(Boolean) : [];
  }

  accounts.oauth2 = {
    emulated: true,
    initTokenClient: function (config) {
      if (!config || !config.client_id) throw new Error('Missing required parameter client_id.');
      if (!config.scope) throw new Error('Missing required parameter scope.');
      return new TokenClient(config);
    },
    hasGrantedAllScopes: function (tokenResponse) {
      var granted = grantedScopes(tokenResponse);
      var wanted = Array.prototype.slice.call(arguments, 1);
      return granted.length > 0 && wanted.every(function (scope) { return granted.indexOf(scope) !== -1; });
    },
    hasGrantedAnyScope: function (tokenResponse) {
      var granted = grantedScopes(tokenResponse);
      var wanted = Array.prototype.slice.call(arguments, 1);
      return wanted.some(function (scope) { return granted.indexOf(scope) !== -1; });
    },
    revoke: function (accessToken, done) {
      window
        .fetch(base + '/o/oauth2/revoke?token=' + encodeURIComponent(accessToken), {
          method: 'POST',
          credentials: 'omit',
        })
        .then(function (reply) {
          return reply.json().then(function (body) {
            call(done, reply.ok
              ? { successful: true }
              : { successful: false, error: body.error, error_description: body.error_description });
          });
        })
        .catch(function (error) {
          call(done, { successful: false, error: 'network_error', error_description: String(error) });
        });
    },
  };
})();
`;
}

/** The script of the `/gsi/callback` page: forward the fragment to the opener, then close. */
export const CALLBACK_SCRIPT = `(function () {
  'use strict';
  var query = new URLSearchParams(window.location.search);
  var origin = query.get('origin') || '';
  var id = query.get('id') || '';
  var params = {};
  new URLSearchParams(window.location.hash.slice(1)).forEach(function (value, key) { params[key] = value; });
  // The token leaves the address bar and the history at once.
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  var status = document.getElementById('status');
  if (!/^https?:\\/\\/[^/?#]+$/.test(origin) || !id || !window.opener) {
    if (status) status.textContent = 'Nothing to hand back here. You can close this window.';
    return;
  }
  try {
    window.opener.postMessage({ type: ${JSON.stringify(TOKEN_RESPONSE_MESSAGE)}, id: id, params: params }, origin);
  } catch (error) {
    if (status) status.textContent = 'Could not reach the app: ' + error;
    return;
  }
  window.close();
})();
`;
