"""The words of the menu and of the resume screen, in each language
(``hw.lang.strings.pick``'s order): here, not in the language tables, so that
they are in RAM only while those screens are drawn or pressed, not during a
match (``words`` loads this module and drops it once it has picked them).
What else those screens say (the opponents' and variants' names, "Help",
the link's words) is in the tables: the game says it too.
"""

from engine import unload

KEYS = ("title", "opponent", "variant", "rounds", "language", "autoclaim", "sound", "stats", "start", "on", "off",
        "saved_game", "new_game", "move_n", "save_problem", "learn", "hints", "plays", "mistakes", "no_mistakes",
        "mistake_lost")
WORDS = (
    ("SCHOTTEN TOTTEN", "Opponent", "Variant", "Rounds", "Language", "Auto-claim", "Sound", "Statistics", "Start", "on", "off",
     "A match was saved", "New game", "Move %d", "Save not used:", "Learn", "Hints", "Start button: play",
     "Your mistakes (%d)",
     "No mistakes kept yet.\nReview a match (B on its\nsummary): the mistakes\nit finds come back here.",
     "A kept mistake could not\nbe dealt again: it is\nlet go."),
    ("SCHOTTEN TOTTEN", "Adversaire", "Variante", "Manches", "Langue", "Revendic. auto", "Son", "Statistiques", "Jouer",
     "oui", "non", "Partie sauvegardée", "Nouvelle partie", "Coup %d", "Sauvegarde écartée :", "Apprendre", "Conseils",
     "Bouton Start : jouer", "Vos erreurs (%d)",
     "Aucune erreur gardée.\nRevoyez une partie (B\nsur son bilan) : ses\nerreurs reviennent ici.",
     "Une erreur gardée n'a pu\nêtre rejouée : elle est\noubliée."),
    ("SCHOTTEN TOTTEN", "Rival", "Variante", "Rondas", "Idioma", "Reclamar auto", "Sonido", "Estadísticas", "Jugar", "sí", "no",
     "Partida guardada", "Partida nueva", "Jugada %d", "Guardado descartado:", "Aprender", "Pistas",
     "Botón Start: jugar", "Tus errores (%d)",
     "Aún no hay errores.\nRepasa una partida (B en\nsu resumen): sus errores\nvuelven aquí.",
     "Un error guardado no se\npudo repetir: se olvida."),
)


def words(lang):
    """{key: text} of ``lang`` (English for an unknown code); this module
    is dropped: the caller holds the words while it needs them."""
    from hw.lang.strings import pick

    out = dict(zip(KEYS, pick(lang, WORDS)))
    unload("hw.lang.menu")
    return out
