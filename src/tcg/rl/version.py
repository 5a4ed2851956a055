"""The encoding version that environment names and ids carry (``tcg.rl`` and ``tcg.rl.core``
both read it: a module of its own, so that neither imports the other)."""

#: environment names and ids carry the encoding version (bumped whenever an encode.py or the
#: observation layout changes meaning; 1: scaled floats, integer ids apart, names as indices;
#: 2: the card language's new decisions and zones: Z/X choose-n targets, secret targets, place by
#: effect, removed cards, "you may" (optional) in Z/X and Shironeko, Z/X triggered abilities (an
#: optional trigger's ``optional`` decision names the op ``trigger``); 3: the card language in
#: every game: selectors, conditions and triggers in Shironeko, Turu-turu and Kemuri (their
#: ``target_hidden`` / ``target_done`` / ``optional`` decisions and fields), Z/X costs (the
#: ``activate_card`` action, the op ``pay``), choices (``choose_mode``, ``look_take``,
#: ``look_order``, a target chosen by the opponent), keywords and the new trigger events, and the
#: cards of the new sample sets in the card tables); 4: costs, choices and keywords in Shironeko,
#: Turu-turu and Kemuri (their ``activate_card`` / ``pay`` / ``choose_mode`` / ``look_take`` /
#: ``look_order`` decisions, actions and fields, appended), the sample sets 1.3.0 in the card
#: tables. The ids of earlier versions stay registered and make the current environment.
ENV_VERSION = 4
