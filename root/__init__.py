"""The composition root, above both front ends (DESIGN.md §Layers): it builds every long-lived
service once, wires them by constructor arguments and subscriptions, and starts Discord's cogs
and the web board. Only it imports both front ends; neither imports the other, nor it."""
