"""Serving the pad: Hypercorn, an asynchronous server made for many open connections, with the
Flask app behind a2wsgi's WSGI adapter, the live streams of games beside it, and the limits that
keep one client from taking the server (docs/hosting.md, "Limits").

Below the web (``scorekeeper.web``), which it never imports: ``scorekeeper.serve`` gives it the
Flask app and the figures the app decides (its body cap, its trusted proxies).
"""
