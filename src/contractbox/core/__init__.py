"""What every domain uses and that knows no domain: settings, paths, the store and its migrations,
the queue, the event outbox, ids, the clock, errors, paging, request parameters, the network guard,
and (in core/http) the HTTP plumbing. Nothing here imports a domain, the engine or the server."""
