/** How the server runs: in local mode (the emulator stands in for Google) or against Google. */
export type Mode = 'local' | 'google';

/** Fastify's `trustProxy`: nothing, a hop count, or the addresses / CIDR ranges of trusted proxies. */
export type TrustProxy = false | number | string[];

/** Validated, derived configuration. Nothing else in the server reads process.env. */
export interface Config {
  env: 'development' | 'production' | 'test';
  mode: Mode;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  google: {
    clientId: string;
    issuers: string[];
    jwksUrl: string;
    authorizationEndpoint: string;
    /**
     * Google's tokeninfo (the emulator's over loopback in local mode): who an owner's own Google access
     * token was issued to, checked before it may prove edit access (only tokens of `clientId` do).
     */
    tokenInfoUrl: string;
  };
  /** Google's data APIs (or the emulator's copies of them) and the server's credentials for them. */
  googleApis: {
    sheetsUrl: string;
    driveUrl: string;
    docsUrl: string;
    /** Reads link-shared sheets when no service account is configured. */
    apiKey: string | undefined;
    /** The key file's JSON wins over its path; the file is read on first use (the emulator writes it at start). */
    serviceAccount: { json: string } | { file: string } | undefined;
    timeoutMs: number;
  };
  /**
   * Where the browser reaches Google for document templates with the owner's own token (the auth config's
   * `googleApis`): Google Identity Services' script and the Docs, Sheets and Drive bases. Google's in Google
   * mode; the emulator's public URLs in local mode (the server's own calls use `googleApis` over loopback).
   */
  browserGoogleApis: {
    tokenClientScriptUrl: string;
    docsApiUrl: string;
    sheetsApiUrl: string;
    driveApiUrl: string;
  };
  /** Undefined means: generate one and keep it in DATA_DIR (refused in production, see loadConfig). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  adminEmails: string[];
  logLevel: string;
  /**
   * Request lines of answers below 400 written per second; past it they are counted in one line a second
   * (http/request-log.ts). 0 writes every line.
   */
  requestLogLinesPerSecond: number;
  bodyLimitBytes: number;
  /**
   * Which peers' X-Forwarded-For to believe when working out the client's address (request.ip, the key of
   * every per-IP rate limit): false (nobody, the default), a hop count, or proxy addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Limits that keep slow or greedy clients from holding the server's connections (docs/security.md). */
  http: {
    /** Receiving one whole request, body included, from its first byte (the response may take longer). */
    requestTimeoutMs: number;
    /** From the connection's (or the keep-alive request's) first byte to the end of its headers. */
    headersTimeoutMs: number;
    /** How long an idle keep-alive connection stays open between requests. */
    keepAliveTimeoutMs: number;
    /** Open connections per remote (socket) address; more are closed at once. */
    maxConnectionsPerIp: number;
  };
  /**
   * Redis, when REDIS_URL is set: the rate-limit counters live there, so every instance behind a proxy
   * counts against one budget. Without it they are in process memory (one instance).
   */
  redisUrl: string | undefined;
  /** Requests per minute per IP for the whole API, and a tighter budget for sign-in and refresh. */
  rateLimit: {
    perMinute: number;
    authPerMinute: number;
    sheetsPerMinute: number;
    /** Public form submit and signature upload, per IP and form (each IP gets 5 times that over all forms). */
    publicPerMinute: number;
    /** Respondent login attempts per IP and email (each IP gets 5 times that over all emails). */
    loginPerMinute: number;
  };
  /**
   * Where uploaded signature PNGs are kept: files under DATA_DIR (one instance), or the database, which
   * every instance sharing it reads (the default on PostgreSQL).
   */
  signatureStorage: { kind: 'filesystem'; dir: string } | { kind: 'database' };
  /** PDF export: one warm Chromium per process behind a bounded queue (decision 0012). */
  pdf: {
    chromiumPath: string;
    concurrency: number;
    queueLimit: number;
    timeoutMs: number;
    recycleAfter: number;
    /** Start the browser with the server instead of on the first export. */
    warmStart: boolean;
    /** PDF requests per minute per signed-in user and route (the ZIP route gets a tenth of it, at least 1). */
    perMinute: number;
  };
  /**
   * HTML work (sanitizing, filling, reading templates) on worker threads, never the main thread: how many
   * threads, how many tasks may wait, and each task's budget from arrival (then 503 with Retry-After).
   */
  htmlWork: { workers: number; queueLimit: number; timeoutMs: number };
  /** Visitor chat (issue 13): abuse limits and how long closed chats are kept. */
  chat: {
    /** Chats one address may start per minute. */
    startPerMinute: number;
    /** Visitor messages per minute per chat; an address gets 5 times that over all its chats. */
    messagesPerMinute: number;
    /** Closed chats (and their messages) are deleted this many days after closing. */
    retentionDays: number;
  };
  /**
   * The assistant's questions feed: the spreadsheet it reads (QUESTIONS_SHEET_URL), or in local mode
   * without one, the emulator's seeded spreadsheet found by its title; undefined: the feed answers 503.
   */
  questions: { spreadsheetId: string } | { emulatorTitle: string } | undefined;
  /** The contact form: its per-address budget and, with SMTP_URL, mail to ADMIN_EMAILS for each message. */
  contact: {
    perMinute: number;
    /** Undefined: messages are only stored (nothing is mailed). */
    smtpUrl: string | undefined;
    mailFrom: string;
    mailTimeoutMs: number;
  };
  /** The in-process worker that delivers stored responses by e-mail and to webhooks (issue 24). */
  deliveries: {
    enabled: boolean;
    /** How often an idle worker looks for new responses and due retries. */
    pollMs: number;
    /**
     * How long a claim holds its deliveries; after a crash they are sent again, with the same ids, when it
     * ends. The default covers a webhook's claim: up to 10 deliveries sent one after another, 10 s each.
     */
    leaseMs: number;
    /** Webhooks may reach loopback and private addresses (a LAN; tests). Off: only public addresses. */
    webhookAllowPrivate: boolean;
    /** Owner e-mails can go out: SMTP_URL is set, or local mode logs them instead. */
    mail: { smtpUrl: string; from: string; timeoutMs: number } | { logOnly: true } | undefined;
  };
  /** The in-process worker that appends stored responses to their sheets. */
  sheetSync: {
    enabled: boolean;
    writesPerMinute: number;
    timeZone: string;
    /** How long a claim holds a response; after a crash, its claims return to the queue when it ends. */
    leaseMs: number;
  };
  webDistDir: string;
  serveWeb: boolean;
}
