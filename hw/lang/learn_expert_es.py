# The Spanish words of the expert lesson (see learn_expert_en.py: the same
# structure, step by step).  Card names as the Spanish
# screens show them (hw.lang.words.name_of: N orange, A yellow, V green, Z blue,
# M purple).
_NOT_QUITE = "No exactamente"
STEPS = (
    ((("Aprender: expertos", "Variante Expertos:", "reclama al empezar tu", "turno, antes de jugar",
       "carta: el rival siempre", "tiene un turno para", "responder."),),),
    ((("Primero, reclamar", "La piedra 5 se puede", "reclamar: R7 R8 R9 ganan", "a Z1 Z2 Z4. Tu turno",
       "empieza reclamando: A en", "la 5, luego B. Después", "juega N3 (no en la 7)."),),
     "Reclama la 5, juega N3", "La piedra 5 es tuya.",
     (_NOT_QUITE, "Primero se reclama: A en", "la piedra 5 (brilla),", "luego B; después N3,", "no en la 7: es para V7.")),
    ((), "Escalera de color en la 7", "Reclamar: el próximo turno",
     (_NOT_QUITE, "V5 V6 piden V7 (o V4):", "juega V7 en la piedra 7.")),
    ((), "Reclama la 7, luego juega", "Piedra 7: por fin tuya.",
     (_NOT_QUITE, "Tu turno empieza", "reclamando: A en la", "piedra 7, luego B.")),
    ((("¡Bien hecho!", "Con expertos, una piedra", "se reclama un turno", "después: piensa una",
       "jugada por adelantado.", "", "¡Buena suerte!"),),),
)
