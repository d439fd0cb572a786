"""The session service: the only writer of matches (lobby, actions, computer players and turn
timers), one class (`bot.sessions.service.SessionService`) written in four modules by what each
part does.

Every change goes lock → load → check → apply → commit → announce: the match's lock keeps
changes to one match in order, and everything one change stores (state, action log, seats,
results) is one database transaction (`bot.sessions.changes`). Timers and computer turns are
armed (`bot.sessions.clock`) and the change announced only after the commit, to every
`Listener` subscribed (the Discord board publisher, daily results, …), so nothing reaches a
channel before it is on disk. The requests that open, fill, start and close a game are
`bot.sessions.lobby`'s; a player's actions are the service's own. What the front ends hear and
are asked (`Transition`, `Listener`, `Placement`, `LobbyError`) is in `bot.sessions.transition`.
"""
