"""The composition root: builds the store, the queue and the services (container.py) and the
Litestar app (app.py); serves it (run.py). The system routes (health, OpenAPI, docs) live in
system.py. Only entry points (contractbox.cli) import this package."""
