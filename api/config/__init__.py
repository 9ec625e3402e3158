"""The service's configuration: settings read from the environment once, and the signing secret."""
