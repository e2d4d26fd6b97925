"""The Qt front-end: models, views, windows and dialogs."""
