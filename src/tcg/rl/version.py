"""The encoding version that environment names and ids carry (``tcg.rl`` and ``tcg.rl.core``
both read it: a module of its own, so that neither imports the other)."""

#: environment names and ids carry the encoding version (bumped whenever an encode.py or the
#: observation layout changes meaning; 1: scaled floats, integer ids apart, names as indices;
#: 2: the card language's new decisions and zones: Z/X choose-n targets, secret targets, place by
#: effect, removed cards, "you may" (optional) in Z/X and Shironeko, Z/X triggered abilities (an
#: optional trigger's ``optional`` decision names the op ``trigger``), Z/X choices (``choose_mode``,
#: ``look_take``, ``look_order``, a target chosen by the opponent))
ENV_VERSION = 2
