# The French words of the expert lesson (see learn_expert_en.py: the same
# structure, step by step).  Card names as the French
# screens show them (hw.lang.words.name_of: J yellow, V green, M purple).
_NOT_QUITE = "Pas tout à fait"
STEPS = (
    ((("Apprendre : experts", "Variante Experts :", "revendiquez au début de", "votre tour, avant votre",
       "carte. L'adversaire a", "toujours un tour pour", "répondre."),),),
    ((("D'abord revendiquer", "La borne 5 peut être", "revendiquée : R7 R8 R9", "battent B1 B2 B4. Votre",
       "tour commence par les", "revendications : A sur", "la 5, puis B. Puis jouez", "O3 ailleurs qu'à la 7."),),
     "Revendiquez la 5, puis O3", "La borne 5 est à vous.",
     (_NOT_QUITE, "Revendiquer d'abord : A", "sur la borne 5 (elle", "brille), puis B ; puis",
      "posez O3, pas à la 7 :", "V7 ira là.")),
    ((), "Suite couleur, borne 7", "À prendre au tour suivant",
     (_NOT_QUITE, "Il faut V7 (ou V4) à", "V5 V6 : posez V7 à la", "borne 7.")),
    ((), "Revendiquez la 7, jouez", "Borne 7 : enfin à vous.",
     (_NOT_QUITE, "Votre tour commence par", "la revendication : A sur", "la borne 7, puis B.")),
    ((("Bravo !", "En variante Experts, une", "borne se revendique un", "tour plus tard : pensez",
       "un coup à l'avance.", "", "Bonne chance !"),),),
)
