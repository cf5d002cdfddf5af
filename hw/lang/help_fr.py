# French help pages (see help_en.py).
KEYS = "< %d/%d >  B : retour"  # under each page
CONTROLS = (
    ("Flèches : choisir", "A : valider, revendiquer", "B : retour, fin, conseil", "Select : détail borne",
     "  (A : revendicable ?)", "Start : pause"),
    ("Joystick : choisir", "A : valider, revendiquer", "B : retour, fin, conseil", "Select : détail borne",
     "  (A : revendicable ?)", "Start : pause"),
    ("Flèches : choisir", "Z : A, valider", "X : B, retour, conseil", "Espace : Select, détail",
     "  (Z : revendicable ?)", "Entrée : Start, pause", "Échap : quitter"),
)
PAGES = (
    ("Commandes",),
    ("Combinaisons, la 1re bat", "Suite couleur : R3 R4 R5", "Brelan : 7 7 7", "Couleur : B2 B5 B9",
     "Suite : R4 V5 B6", "Somme : trois cartes", "Égalité : la plus forte", "  somme, puis la 1re"),
    ("Gagner", "5 bornes, ou 3 bornes", "  voisines.", "Revendiquez une borne", "  que plus rien ne bat",
     "  (votre main compte ;", "  elle brille en or).", "Couleurs : R O J V B M"),
    ("Variantes", "Experts : revendiquer", "  avant de jouer.", "Tactique : 10 cartes", "  tactiques et pioche ;",
     "  une de plus que", "  l'adversaire au plus."),
    ("Cartes tactiques (10)", "JK (deux) : toute carte", "ES : un 7, toute couleur", "PB : un 1, 2 ou 3, toute",
     "  couleur", "Modes, sur une borne :", "CM : seule la somme", "CB : quatre cartes"),
    ("Ruses (puis défaussées)", "CH : piochez 3, rendez 2", "ST : bougez ou défaussez", "  une de vos cartes",
     "BA : défaussez une carte", "  adverse", "TR : prenez une carte", "  de clan adverse"),
    ("Adversaires", "Du plus faible au plus fort : %s.", "À deux : une console.", "Liaison : deux consoles."),
    ("Ligne du haut", "* : à qui de jouer", "2-1 : bornes, vous-Adv", "! : pas de tactique", "  (une de plus au plus)",
     "1:0 : manches, vous:Adv", "C42 T6 : les pioches"),
    ("Repères", "Bord : borne prise", "Cadre : le dernier coup", "Flèche : carte piochée", "Marques des couleurs :",
     "  R X, O carré, J tache,", "  V barre, B traits,", "  M point"),
)
