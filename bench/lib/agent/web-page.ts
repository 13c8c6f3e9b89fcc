// The page of the web sign-in task: a mobile sign-in form served on 127.0.0.1 (the only pages the simulated phone
// opens), started once for the whole bench and left to end with the process.
import { createServer } from 'node:http';

const SIGN_IN = `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example</title><style>body{font:18px sans-serif;margin:24px}input,button{display:block;font:inherit;margin:8px 0 20px;padding:10px;width:90%}</style>
<h1>Sign in to Example</h1>
<form onsubmit="event.preventDefault(); document.body.innerHTML = '<h1>Welcome, ' + email.value.split('@')[0] + '</h1><p>You are signed in.</p>'">
<label for="email">Email</label><input id="email" type="email" placeholder="Email" autocomplete="off">
<label for="password">Password</label><input id="password" type="password" placeholder="Password">
<button type="submit">Sign in</button></form>
<p>Trouble signing in? <a href="/help">Get help</a></p>`;

let started: Promise<string> | undefined;

/** The address of the sign-in page. */
export function signInPage(): Promise<string> {
  started ??= new Promise((resolve) => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(SIGN_IN));
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/signin`);
    });
  });
  return started;
}
