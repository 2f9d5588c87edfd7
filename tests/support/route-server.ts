// Serves route handlers from the test process over real HTTP (node:http on a free port), for clients
// that cannot call a handler directly, such as a Prometheus server scraping GET /api/metrics.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RouteHandler = (request: Request) => Promise<Response>;

export interface RouteServer {
  /** http://127.0.0.1:<port> */
  url: string;
  host: string;
  /** Requests served per path, in order (method and path). */
  requests: string[];
  close(): Promise<void>;
}

/** Starts a server that answers GET requests on each path of `routes` with its handler, 404 elsewhere. */
export async function serveRoutes(routes: Record<string, RouteHandler>): Promise<RouteServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${req.method} ${url.pathname}`);
    const handler = routes[url.pathname];
    if (!handler || req.method !== "GET") {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    handler(new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, { headers }))
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(body);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
