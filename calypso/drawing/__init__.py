"""HTML drawings of the engine's values, one module per family, with print pages and charts."""
