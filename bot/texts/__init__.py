"""The games' words outside the pictures, free of Discord: what the cogs post and the demo
writes. The rules emit events as data; these phrase them."""
