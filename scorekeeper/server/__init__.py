"""Serving the pad: Uvicorn, an asynchronous server made for many open connections, with the
Flask app behind a2wsgi's WSGI adapter, the live streams of games beside it, the limits that
keep one client from taking the server (docs/hosting.md, "Limits"), and the heavy work's own
process (``worker``).

Below the web (``scorekeeper.web``), which it never imports: ``web.hosting`` gives it the Flask
app and the figures the app decides (its body cap, its trusted proxies).
"""
