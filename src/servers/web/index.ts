/** The viewer: a local web app over the store (`baton serve web`). */
export { startWebServer, type WebServer, type WebServerOptions } from './server.js';
