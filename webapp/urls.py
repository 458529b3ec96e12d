from django.urls import path

from webapp import views

urlpatterns = [
    path("", views.shell, name="webapp-shell"),
    # a join code's link (the QR code holds it) and a match's big screen open the same shell:
    # the app reads the path (app.js) and draws the screen; one page, one set of modules
    path("join/<str:code>", views.shell, name="webapp-join"),
    path("screen/<int:match>", views.shell, name="webapp-screen"),
    path("manifest.webmanifest", views.manifest, name="webapp-manifest"),
    path("sw.js", views.service_worker, name="webapp-sw"),
    path("games/<slug:key>.js", views.game_module, name="webapp-game"),
    path("referee-worker.js", views.referee_worker, name="webapp-referee-worker"),
    path("referee.json", views.referee, name="webapp-referee"),
    path("engine/<str:digest>.zip", views.engine, name="webapp-engine"),
]
