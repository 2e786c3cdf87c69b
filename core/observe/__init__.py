"""One observation and its views: model, stable ids, keyed frame, labels, the ``[i]`` index."""
