<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>Diagnostic</name>
    <message>
        <source>cannot open file for reading</source>
        <translation>impossible d&apos;ouvrir le fichier en lecture</translation>
    </message>
    <message>
        <source>invalid JSON at line %1, column %2</source>
        <translation>JSON invalide à la ligne %1, colonne %2</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>JSON invalide : %1</translation>
    </message>
    <message>
        <source>duplicate key (each key may appear once per object)</source>
        <translation>clé répétée (chaque clé ne peut apparaître qu&apos;une fois par objet)</translation>
    </message>
    <message>
        <source>the document must be a JSON object</source>
        <translation>le document doit être un objet JSON</translation>
    </message>
    <message>
        <source>must be &quot;%1&quot; (got &quot;%2&quot;)</source>
        <translation>doit valoir &quot;%1&quot; (lu : &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>unsupported version %1 (this program reads version 1)</source>
        <translation>version %1 non prise en charge (ce programme lit la version 1)</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (expected one of: %2)</source>
        <translation>clé inconnue &quot;%1&quot; (clés attendues : %2)</translation>
    </message>
    <message>
        <source>missing required number</source>
        <translation>nombre obligatoire manquant</translation>
    </message>
    <message>
        <source>missing required 3-vector</source>
        <translation>vecteur à 3 composantes obligatoire manquant</translation>
    </message>
    <message>
        <source>missing required string</source>
        <translation>chaîne obligatoire manquante</translation>
    </message>
    <message>
        <source>missing required object</source>
        <translation>objet obligatoire manquant</translation>
    </message>
    <message>
        <source>missing required inertia tensor</source>
        <translation>tenseur d&apos;inertie obligatoire manquant</translation>
    </message>
    <message>
        <source>must be a number (got %1)</source>
        <translation>doit être un nombre (lu : %1)</translation>
    </message>
    <message>
        <source>must be finite</source>
        <translation>doit être fini</translation>
    </message>
    <message>
        <source>must be an array of 3 numbers</source>
        <translation>doit être un tableau de 3 nombres</translation>
    </message>
    <message>
        <source>must be a 3x3 array of rows</source>
        <translation>doit être un tableau 3x3 (liste de lignes)</translation>
    </message>
    <message>
        <source>must be a row of 3 numbers</source>
        <translation>doit être une ligne de 3 nombres</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>doit être une chaîne de caractères</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>doit être un objet</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>doit valoir true ou false</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>doit être strictement positif</translation>
    </message>
    <message>
        <source>must be non-negative</source>
        <translation>doit être positif ou nul</translation>
    </message>
    <message>
        <source>must be non-negative (got %1)</source>
        <translation>doit être positif ou nul (lu : %1)</translation>
    </message>
    <message>
        <source>must be non-zero</source>
        <translation>doit être non nul</translation>
    </message>
    <message>
        <source>must be a positive integer</source>
        <translation>doit être un entier strictement positif</translation>
    </message>
    <message>
        <source>must be a unit vector (norm %1)</source>
        <translation>doit être un vecteur unitaire (norme %1)</translation>
    </message>
    <message>
        <source>must be a rotation matrix (orthonormal, determinant +1)</source>
        <translation>doit être une matrice de rotation (orthonormée, de déterminant +1)</translation>
    </message>
    <message>
        <source>must be finite numbers</source>
        <translation>doit être formé de nombres finis</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>doit être un nombre fini</translation>
    </message>
    <message>
        <source>must be a finite number (got &quot;%1&quot;)</source>
        <translation>doit être un nombre fini (lu : &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be three finite numbers</source>
        <translation>doit être formé de trois nombres finis</translation>
    </message>
    <message>
        <source>inertia tensor must be symmetric</source>
        <translation>le tenseur d&apos;inertie doit être symétrique</translation>
    </message>
    <message>
        <source>inertia tensor must be positive semi-definite (smallest principal moment %1)</source>
        <translation>le tenseur d&apos;inertie doit être semi-défini positif (plus petit moment principal : %1)</translation>
    </message>
    <message>
        <source>principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given</source>
        <translation>les moments principaux %1, %2, %3 ne vérifient pas l&apos;inégalité triangulaire (ce n&apos;est pas un corps rigide physique) ; chargé tel quel</translation>
    </message>
    <message>
        <source>friction coefficients must be non-negative</source>
        <translation>les coefficients de frottement doivent être positifs ou nuls</translation>
    </message>
    <message>
        <source>must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%1&quot;)</source>
        <translation>doit valoir &quot;revolute&quot; ou &quot;prismatic&quot; (lu : &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>give either &quot;rpy&quot; or &quot;P&quot;, not both</source>
        <translation>donner soit &quot;rpy&quot;, soit &quot;P&quot;, pas les deux</translation>
    </message>
    <message>
        <source>lower limit is greater than upper limit</source>
        <translation>la butée basse est supérieure à la butée haute</translation>
    </message>
    <message>
        <source>massless link with non-zero inertia (accepted; its inertia still acts)</source>
        <translation>corps sans masse mais d&apos;inertie non nulle (accepté ; son inertie agit quand même)</translation>
    </message>
    <message>
        <source>must be &quot;box&quot;, &quot;cylinder&quot;, &quot;sphere&quot; or &quot;mesh&quot;</source>
        <translation>doit valoir &quot;box&quot;, &quot;cylinder&quot;, &quot;sphere&quot; ou &quot;mesh&quot;</translation>
    </message>
    <message>
        <source>must be &quot;dh&quot;, &quot;mdh&quot; or &quot;general&quot; (got &quot;%1&quot;)</source>
        <translation>doit valoir &quot;dh&quot;, &quot;mdh&quot; ou &quot;general&quot; (lu : &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be &quot;rad&quot; or &quot;deg&quot;</source>
        <translation>doit valoir &quot;rad&quot; ou &quot;deg&quot;</translation>
    </message>
    <message>
        <source>must be &quot;armature&quot; or &quot;full&quot;</source>
        <translation>doit valoir &quot;armature&quot; ou &quot;full&quot;</translation>
    </message>
    <message>
        <source>must be a non-empty array of joints</source>
        <translation>doit être un tableau non vide d&apos;articulations</translation>
    </message>
    <message>
        <source>at most 64 joints are supported</source>
        <translation>64 articulations au plus sont prises en charge</translation>
    </message>
    <message>
        <source>at most 64 moving joints are supported</source>
        <translation>64 articulations mobiles au plus sont prises en charge</translation>
    </message>
    <message>
        <source>must be an array of %1 numbers (one per joint)</source>
        <translation>doit être un tableau de %1 nombres (un par articulation)</translation>
    </message>
    <message>
        <source>home position is outside the joint limits</source>
        <translation>la position de repos est hors des butées articulaires</translation>
    </message>
    <message>
        <source>with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, Mampey &amp; Chrétien 1983: J&apos; = J - J_m); here J - J_m has a negative principal moment (%2)</source>
        <translation>avec le modèle complet des rotors, l&apos;inertie du corps doit inclure le rotor de l&apos;articulation %1 comme une partie bloquée (Llibre, Mampey &amp; Chrétien 1983 : J&apos; = J - J_m) ; ici J - J_m a un moment principal négatif (%2)</translation>
    </message>
    <message>
        <source>the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia</source>
        <translation>la matrice d&apos;inertie est singulière ou presque en position de repos (aucune inertie ne se déplace avec l&apos;articulation %1 indépendamment des articulations précédentes) : donnez une masse et une inertie à ce corps (ou aux suivants), ou une inertie de rotor</translation>
    </message>
    <message>
        <source>not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)</source>
        <translation>XML mal formé à la ligne %1, colonne %2 : %3 (fichier rejeté avant d&apos;atteindre l&apos;analyseur URDF)</translation>
    </message>
    <message>
        <source>URDF: %1</source>
        <translation>URDF : %1</translation>
    </message>
    <message>
        <source>not a valid URDF document</source>
        <translation>ce n&apos;est pas un document URDF valide</translation>
    </message>
    <message>
        <source>the URDF has no root link</source>
        <translation>l&apos;URDF n&apos;a pas de corps racine</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; connects link &quot;%2&quot; to itself</source>
        <translation>l&apos;articulation &quot;%1&quot; relie le corps &quot;%2&quot; à lui-même</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; has two parent joints (&quot;%2&quot; and &quot;%3&quot;): URDF describes trees</source>
        <translation>le corps &quot;%1&quot; a deux articulations parentes (&quot;%2&quot; et &quot;%3&quot;) : un URDF décrit un arbre</translation>
    </message>
    <message>
        <source>the joints form a closed loop through link &quot;%1&quot;: URDF describes trees</source>
        <translation>les articulations forment une boucle fermée passant par le corps &quot;%1&quot; : un URDF décrit un arbre</translation>
    </message>
    <message>
        <source>the joint axis must be a non-zero finite vector</source>
        <translation>l&apos;axe de l&apos;articulation doit être un vecteur fini non nul</translation>
    </message>
    <message>
        <source>limits must be finite numbers</source>
        <translation>les butées doivent être des nombres finis</translation>
    </message>
    <message>
        <source>the mechanical reduction (gear ratio) must be non-zero</source>
        <translation>le rapport de réduction doit être non nul</translation>
    </message>
    <message>
        <source>the rotor inertia must be non-negative</source>
        <translation>l&apos;inertie du rotor doit être positive ou nulle</translation>
    </message>
    <message>
        <source>the transverse rotor inertia must be non-negative</source>
        <translation>l&apos;inertie transverse du rotor doit être positive ou nulle</translation>
    </message>
    <message>
        <source>mass and inertia must be finite numbers</source>
        <translation>la masse et l&apos;inertie doivent être des nombres finis</translation>
    </message>
    <message>
        <source>lower = upper = 0 (URDF&apos;s default when the attributes are missing): the joint is outside its limits as soon as it moves</source>
        <translation>butée basse = butée haute = 0 (valeur par défaut de l&apos;URDF quand les attributs manquent) : l&apos;articulation sort de ses butées dès qu&apos;elle bouge</translation>
    </message>
    <message>
        <source>not positive: no velocity limit</source>
        <translation>non strictement positive : pas de limite de vitesse</translation>
    </message>
    <message>
        <source>not positive: no effort limit</source>
        <translation>non strictement positif : pas de limite d&apos;effort</translation>
    </message>
    <message>
        <source>damping and friction must be finite and non-negative</source>
        <translation>l&apos;amortissement et le frottement doivent être finis et positifs ou nuls</translation>
    </message>
    <message>
        <source>the robot file &quot;%1&quot; is invalid:</source>
        <translation>le fichier robot &quot;%1&quot; est invalide :</translation>
    </message>
    <message>
        <source>must be &quot;serial&quot; or absent for a serial scene (got &quot;%1&quot;)</source>
        <translation>doit valoir &quot;serial&quot; ou être absent pour une scène de robot série (lu : &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>unknown trajectory type &quot;%1&quot; (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)</source>
        <translation>type de trajectoire inconnu &quot;%1&quot; (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)</translation>
    </message>
    <message>
        <source>must be &quot;pid&quot;, &quot;pd_gravity&quot;, &quot;computed_torque&quot;, &quot;operational_space&quot; or &quot;zero&quot; (got &quot;%1&quot;)</source>
        <translation>doit valoir &quot;pid&quot;, &quot;pd_gravity&quot;, &quot;computed_torque&quot;, &quot;operational_space&quot; ou &quot;zero&quot; (lu : &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>duplicate controller name &quot;%1&quot;</source>
        <translation>nom de commande répété &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be a non-empty array of controllers</source>
        <translation>doit être un tableau non vide de commandes</translation>
    </message>
    <message>
        <source>shorter than the trajectory (%1 s): the run stops mid-motion</source>
        <translation>plus courte que la trajectoire (%1 s) : la simulation s&apos;arrête en plein mouvement</translation>
    </message>
    <message>
        <source>must be at most 24 h of simulated time</source>
        <translation>doit être d&apos;au plus 24 h de temps simulé</translation>
    </message>
    <message>
        <source>must be an array of at least 2 joint vectors</source>
        <translation>doit être un tableau d&apos;au moins 2 vecteurs articulaires</translation>
    </message>
    <message>
        <source>must be an array with one time per point</source>
        <translation>doit être un tableau donnant un instant par point</translation>
    </message>
    <message>
        <source>must have %1 values (one per joint), got %2</source>
        <translation>doit avoir %1 valeurs (une par articulation), en a %2</translation>
    </message>
    <message>
        <source>must be a number or an array of %1 numbers</source>
        <translation>doit être un nombre ou un tableau de %1 nombres</translation>
    </message>
    <message>
        <source>missing required value (a number or an array of %1)</source>
        <translation>valeur obligatoire manquante (un nombre ou un tableau de %1)</translation>
    </message>
    <message>
        <source>must be non-negative (joint %1: %2)</source>
        <translation>doit être positif ou nul (articulation %1 : %2)</translation>
    </message>
    <message>
        <source>plant_hz must be a whole multiple of control_hz (got %1 / %2)</source>
        <translation>plant_hz doit être un multiple entier de control_hz (lu : %1 / %2)</translation>
    </message>
    <message>
        <source>must be &quot;euler&quot;, &quot;rk4&quot; or &quot;dopri5&quot;</source>
        <translation>doit valoir &quot;euler&quot;, &quot;rk4&quot; ou &quot;dopri5&quot;</translation>
    </message>
    <message>
        <source>must be an array of channel groups</source>
        <translation>doit être un tableau de groupes de voies</translation>
    </message>
    <message>
        <source>unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)</source>
        <translation>groupe de voies inconnu (reference, state, error, torque, friction, end_effector, energy, timing)</translation>
    </message>
    <message>
        <source>must be &quot;sim&quot; or &quot;ethercat&quot;</source>
        <translation>doit valoir &quot;sim&quot; ou &quot;ethercat&quot;</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>articulation %1</translation>
    </message>
    <message>
        <source>joint %1 (%2)</source>
        <translation>articulation %1 (%2)</translation>
    </message>
    <message>
        <source>%1 position</source>
        <translation>position de l&apos;%1</translation>
    </message>
    <message>
        <source>%1 velocity</source>
        <translation>vitesse de l&apos;%1</translation>
    </message>
    <message>
        <source>t = %1 s: the simulation diverged: %2 is not finite</source>
        <translation>t = %1 s : la simulation a divergé : %2 n&apos;est pas finie</translation>
    </message>
    <message>
        <source>t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)</source>
        <translation>t = %1 s : la simulation a divergé : %2 a atteint %3, au-delà de %4 (explosion de l&apos;énergie ; réduisez le pas ou vérifiez les gains)</translation>
    </message>
    <message>
        <source>t = %1 s: %2; the simulation stopped</source>
        <translation>t = %1 s : %2 ; la simulation s&apos;est arrêtée</translation>
    </message>
    <message>
        <source>the mass matrix became singular at %1</source>
        <translation>la matrice d&apos;inertie est devenue singulière à l&apos;%1</translation>
    </message>
    <message>
        <source>the step fell to %1 s</source>
        <translation>le pas est tombé à %1 s</translation>
    </message>
    <message>
        <source>%1 steps rejected in a row, the last of %2 s</source>
        <translation>%1 pas rejetés d&apos;affilée, le dernier de %2 s</translation>
    </message>
    <message>
        <source>%1 steps in one tick of %2 s, the last of %3 s</source>
        <translation>%1 pas dans une période de %2 s, le dernier de %3 s</translation>
    </message>
    <message>
        <source>t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</source>
        <translation>t = %1 s : l&apos;intégrateur à pas adaptatif est bloqué (%2) : la dynamique y est discontinue, le plus souvent à cause du signe du frottement sec à vitesse nulle ; donnez une vitesse coulomb_smoothing</translation>
    </message>
    <message>
        <source>t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</source>
        <translation>t = %1 s : l&apos;intégrateur à pas adaptatif est bloqué (%2 ; la plus grande erreur porte sur %3) : la dynamique y est discontinue, le plus souvent à cause du signe du frottement sec à vitesse nulle ; donnez une vitesse coulomb_smoothing</translation>
    </message>
    <message>
        <source>t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the integration diverged (reduce the step)</source>
        <translation>t = %1 s : explosion de l&apos;énergie : l&apos;énergie totale s&apos;écarte de sa valeur initiale augmentée du travail des actionneurs de %2 J ; l&apos;intégration a divergé (réduisez le pas)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (%3 deg)</source>
        <translation>%1 %2 (%3°)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s : l&apos;%2 dépasse sa butée haute %3 de %4 : pic de %5 à t = %6 s, de retour dans la limite à t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s : l&apos;%2 dépasse sa butée basse %3 de %4 : pic de %5 à t = %6 s, de retour dans la limite à t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s : l&apos;%2 dépasse sa vitesse maximale %3 de %4 : pic de %5 à t = %6 s, de retour dans la limite à t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s : l&apos;%2 dépasse son accélération maximale %3 de %4 : pic de %5 à t = %6 s, de retour dans la limite à t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired trajectory), back within the limit at t = %7 s</source>
        <translation>t = %1 s : l&apos;%2 dépasse son effort maximal %3 de %4 : pic de %5 à t = %6 s (dynamique inverse le long de la trajectoire désirée), de retour dans la limite à t = %7 s</translation>
    </message>
    <message>
        <source>%1:%2: error: %3</source>
        <translation>%1:%2 : erreur : %3</translation>
    </message>
    <message>
        <source>%1:%2: warning: %3</source>
        <translation>%1:%2 : avertissement : %3</translation>
    </message>
    <message>
        <source>the straight line leaves the reach of the robot at t = %1 s</source>
        <translation>la ligne droite sort de l&apos;espace atteignable du robot à t = %1 s</translation>
    </message>
    <message>
        <source>the straight line: the numeric inverse kinematics did not converge at t = %1 s (position error %2 m)</source>
        <translation>ligne droite : le modèle géométrique inverse numérique n&apos;a pas convergé à t = %1 s (erreur de position %2 m)</translation>
    </message>
    <message>
        <source>the straight line: the inverse kinematics solution misses the pose at t = %1 s (forward kinematics error %2 m, %3 rad; does the UMIS geometry match the model?)</source>
        <translation>ligne droite : la solution du modèle géométrique inverse n&apos;atteint pas la pose à t = %1 s (erreur du modèle direct %2 m, %3 rad ; la géométrie de l&apos;UMIS correspond-elle au modèle ?)</translation>
    </message>
    <message>
        <source>the straight line meets a singular Jacobian at t = %1 s (smallest singular value %2 &lt; %3)</source>
        <translation>la ligne droite rencontre une jacobienne singulière à t = %1 s (plus petite valeur singulière %2 &lt; %3)</translation>
    </message>
    <message>
        <source>umis_thesis_line needs the UMIS robot (its DH structure was not found)</source>
        <translation>umis_thesis_line nécessite le robot UMIS (sa structure DH n&apos;a pas été trouvée)</translation>
    </message>
    <message>
        <source>&quot;ik&quot;: &quot;umis&quot; needs the UMIS robot structure</source>
        <translation>&quot;ik&quot;: &quot;umis&quot; nécessite la structure du robot UMIS</translation>
    </message>
    <message>
        <source>cannot save the scene &apos;%1&apos;: %2</source>
        <translation>impossible d&apos;enregistrer la scène « %1 » : %2</translation>
    </message>
    <message>
        <source>cannot save the scene &apos;%1&apos;: it would not read back:
%2</source>
        <translation>impossible d&apos;enregistrer la scène « %1 » : elle ne pourrait pas être relue :
%2</translation>
    </message>
    <message>
        <source>give either &quot;design&quot; or explicit &quot;kp&quot;/&quot;kv&quot;, not both</source>
        <translation>donner soit &quot;design&quot;, soit &quot;kp&quot;/&quot;kv&quot; explicites, pas les deux</translation>
    </message>
    <message>
        <source>must be in [0, 100)</source>
        <translation>doit être dans [0, 100)</translation>
    </message>
    <message>
        <source>must be &quot;none&quot;, &quot;coulomb&quot; or &quot;full&quot;</source>
        <translation>doit valoir &quot;none&quot;, &quot;coulomb&quot; ou &quot;full&quot;</translation>
    </message>
    <message>
        <source>missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)</source>
        <translation>gain obligatoire manquant (un nombre ou un tableau de 6, un par axe cartésien phi theta psi X Y Z)</translation>
    </message>
    <message>
        <source>must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1</source>
        <translation>doit avoir 6 valeurs (une par axe cartésien phi theta psi X Y Z), en a %1</translation>
    </message>
    <message>
        <source>must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)</source>
        <translation>doit être un nombre ou un tableau de 6 nombres (un par axe cartésien phi theta psi X Y Z)</translation>
    </message>
    <message>
        <source>&quot;operational_space&quot; needs a robot with 6 joints (square Jacobian); &quot;%1&quot; has %2</source>
        <translation>&quot;operational_space&quot; nécessite un robot à 6 articulations (jacobienne carrée) ; &quot;%1&quot; en a %2</translation>
    </message>
    <message>
        <source>must be positive (smallest singular value of J where damping starts)</source>
        <translation>doit être strictement positif (plus petite valeur singulière de J à partir de laquelle l&apos;amortissement commence)</translation>
    </message>
    <message>
        <source>must be non-negative (0 = no damping: the exact inverse everywhere)</source>
        <translation>doit être positif ou nul (0 = pas d&apos;amortissement : l&apos;inverse exacte partout)</translation>
    </message>
    <message>
        <source>must be &quot;limits&quot;, a number or an array</source>
        <translation>doit valoir &quot;limits&quot;, un nombre ou un tableau</translation>
    </message>
    <message>
        <source>must be &quot;clamping&quot;, &quot;back_calculation&quot;, &quot;both&quot; or &quot;none&quot;</source>
        <translation>doit valoir &quot;clamping&quot;, &quot;back_calculation&quot;, &quot;both&quot; ou &quot;none&quot;</translation>
    </message>
    <message>
        <source>back-calculation anti-windup needs a tracking time</source>
        <translation>l&apos;anti-saturation par recalcul (back-calculation) nécessite une constante de temps de poursuite</translation>
    </message>
    <message>
        <source>must be an array of %1 coefficient arrays (one per joint)</source>
        <translation>doit être un tableau de %1 tableaux de coefficients (un par articulation)</translation>
    </message>
    <message>
        <source>must be &quot;auto&quot;, &quot;umis&quot; or &quot;numeric&quot;</source>
        <translation>doit valoir &quot;auto&quot;, &quot;umis&quot; ou &quot;numeric&quot;</translation>
    </message>
    <message>
        <source>must be in [0, 62] (0 = no quantisation)</source>
        <translation>doit être dans [0, 62] (0 = pas de quantification)</translation>
    </message>
    <message>
        <source>must be &quot;true&quot; or &quot;difference&quot; (Zanaboni 2009 estimator)</source>
        <translation>doit valoir &quot;true&quot; ou &quot;difference&quot; (estimateur de Zanaboni 2009)</translation>
    </message>
    <message>
        <source>must be in [0, 10000] ms (0: the master&apos;s default)</source>
        <translation>doit être dans [0, 10000] ms (0 : la valeur par défaut du maître)</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0: the master&apos;s default)</source>
        <translation>doit être &gt;= 0 (0 : la valeur par défaut du maître)</translation>
    </message>
    <message>
        <source>must be between %1 and %2 in magnitude, as a real gear train (got %3)</source>
        <translation>doit être compris entre %1 et %2 en valeur absolue, comme un vrai réducteur (reçu %3)</translation>
    </message>
    <message>
        <source>%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the duration or the rates</source>
        <translation>%1 s à ces fréquences font %2 périodes de commande et %3 pas du procédé pour %4 articulations : au-delà des %5 périodes de commande x articulations (la trace enregistrée) ou des %6 pas du procédé x articulations (le calcul) qu&apos;une simulation peut prendre ; réduisez la durée ou les fréquences</translation>
    </message>
    <message>
        <source>must be later than the previous time (%1 s)</source>
        <translation>doit être postérieur à l&apos;instant précédent (%1 s)</translation>
    </message>
    <message>
        <source>the number %1 at line %2, column %3 is beyond the range of a double</source>
        <translation>le nombre %1 à la ligne %2, colonne %3 dépasse l&apos;étendue d&apos;un double</translation>
    </message>
    <message>
        <source>the document cannot be read as JSON</source>
        <translation>le document ne peut pas être lu comme du JSON</translation>
    </message>
    <message>
        <source>must be between %1 and %2 %3 (got %4)</source>
        <translation>doit être compris entre %1 et %2 %3 (reçu %4)</translation>
    </message>
    <message>
        <source>must be between %1 and %2 (got %3)</source>
        <translation>doit être compris entre %1 et %2 (reçu %3)</translation>
    </message>
    <message>
        <source>must be positive (half the bar spacing)</source>
        <translation>doit être positif (demi-écartement des barres)</translation>
    </message>
    <message>
        <source>must be positive (bar length)</source>
        <translation>doit être positif (longueur des barres)</translation>
    </message>
    <message>
        <source>missing required body %1 (bodies 1, 2, 3, 4, 5, 7)</source>
        <translation>corps %1 obligatoire manquant (corps 1, 2, 3, 4, 5, 7)</translation>
    </message>
    <message>
        <source>must be an object (free text per value)</source>
        <translation>doit être un objet (texte libre par valeur)</translation>
    </message>
    <message>
        <source>must be an array of exactly 3 chains (actuators along z, x, y of R_0)</source>
        <translation>doit être un tableau d&apos;exactement 3 chaînes (actionneurs selon z, x, y de R_0)</translation>
    </message>
    <message>
        <source>home position %1 is out of reach: %2</source>
        <translation>la position de repos %1 est hors d&apos;atteinte : %2</translation>
    </message>
    <message>
        <source>actuator %1 is outside its stroke at the home position (q = %2 m)</source>
        <translation>l&apos;actionneur %1 est hors de sa course à la position de repos (q = %2 m)</translation>
    </message>
    <message>
        <source>workspace point %1 is out of reach: %2</source>
        <translation>le point de l&apos;espace de travail %1 est hors d&apos;atteinte : %2</translation>
    </message>
    <message>
        <source>the stroke does not cover workspace point %1 (q = %2 m)</source>
        <translation>la course ne couvre pas le point de l&apos;espace de travail %1 (q = %2 m)</translation>
    </message>
    <message>
        <source>the robot&apos;s inertia matrix at the home position is singular: %1</source>
        <translation>la matrice d&apos;inertie du robot à la position de repos est singulière : %1</translation>
    </message>
    <message>
        <source>platform position is not finite</source>
        <translation>la position de la plate-forme n&apos;est pas finie</translation>
    </message>
    <message>
        <source>chain %1: platform point out of reach (the leg of length %2 m cannot span the transverse offset %3 m)</source>
        <translation>chaîne %1 : point de la plate-forme hors d&apos;atteinte (la jambe de longueur %2 m ne peut couvrir le décalage transversal de %3 m)</translation>
    </message>
    <message>
        <source>platform velocity or actuator forces are not finite</source>
        <translation>la vitesse de la plate-forme ou les forces des actionneurs ne sont pas finies</translation>
    </message>
    <message>
        <source>direct dynamic model: A_robot is not positive definite (check the masses)</source>
        <translation>modèle dynamique direct : A_robot n&apos;est pas définie positive (vérifiez les masses)</translation>
    </message>
    <message>
        <source>direct dynamic model: non-finite platform acceleration</source>
        <translation>modèle dynamique direct : accélération de la plate-forme non finie</translation>
    </message>
    <message>
        <source>a locked position is stated for joint &quot;%1&quot;, which is not a joint of this URDF</source>
        <translation>une position bloquée est donnée pour l&apos;articulation &quot;%1&quot;, qui n&apos;est pas une articulation de cet URDF</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; is fixed: it has no position to lock</source>
        <translation>l&apos;articulation &quot;%1&quot; est fixe : elle n&apos;a pas de position à bloquer</translation>
    </message>
    <message>
        <source>the stated locked position of joint &quot;%1&quot; must be a finite number</source>
        <translation>la position bloquée donnée pour l&apos;articulation &quot;%1&quot; doit être un nombre fini</translation>
    </message>
    <message>
        <source>the robot is a tree: the chain branches below link %1 (joints %2 all move below this body); simulate the whole tree (maniplab-cli: --tree) or choose the chain to simulate by its tip link (maniplab-cli: --tip LINK); the GUI asks. Candidate tips (moving joints from the root link &quot;%3&quot;): %4. Any other link is accepted as a tip; the moving joints off the chain are locked (at zero, or --lock JOINT=VALUE) and their links lumped into the chain</source>
        <translation>le robot est un arbre : la chaîne se ramifie sous le corps %1 (les articulations %2 bougent toutes sous ce corps) ; simulez l&apos;arbre entier (maniplab-cli : --tree) ou choisissez la chaîne à simuler par son corps terminal (maniplab-cli : --tip LINK) ; l&apos;interface le demande. Corps terminaux candidats (articulations mobiles depuis le corps racine &quot;%3&quot;) : %4. Tout autre corps est accepté comme extrémité ; les articulations mobiles hors de la chaîne sont bloquées (à zéro, ou --lock JOINT=VALUE) et leurs corps regroupés dans la chaîne</translation>
    </message>
    <message>
        <source>the tip &quot;%1&quot; is not a link of this URDF; candidate tips (moving joints from the root link &quot;%2&quot;): %3</source>
        <translation>l&apos;extrémité &quot;%1&quot; n&apos;est pas un corps de cet URDF ; corps terminaux candidats (articulations mobiles depuis le corps racine &quot;%2&quot;) : %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>%1 (%2 joints)</source>
        <translation>%1 (%2 articulations)</translation>
    </message>
    <message>
        <source>%1 (1 joint)</source>
        <translation>%1 (1 articulation)</translation>
    </message>
    <message>
        <source>%1 (%2 joints; mimic %3 locked)</source>
        <translation>%1 (%2 articulations ; mimic %3 bloquées)</translation>
    </message>
    <message>
        <source>%1 (1 joint; mimic %2 locked)</source>
        <translation>%1 (1 articulation ; mimic %2 bloquées)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>floating joint &quot;%1&quot; is not supported on the chain (ManipLab simulates fixed-base serial chains; choose a tip before it or lock it)</source>
        <translation>l&apos;articulation flottante &quot;%1&quot; n&apos;est pas prise en charge sur la chaîne (ManipLab simule des chaînes série à base fixe ; choisissez une extrémité avant elle ou bloquez-la)</translation>
    </message>
    <message>
        <source>planar joint &quot;%1&quot; is not supported on the chain (only revolute, continuous, prismatic and fixed joints; choose a tip before it or lock it)</source>
        <translation>l&apos;articulation plane &quot;%1&quot; n&apos;est pas prise en charge sur la chaîne (seulement revolute, continuous, prismatic et fixed ; choisissez une extrémité avant elle ou bloquez-la)</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; has an unknown type</source>
        <translation>l&apos;articulation &quot;%1&quot; a un type inconnu</translation>
    </message>
    <message>
        <source>the mimic joints form a cycle through joint &quot;%1&quot;</source>
        <translation>les articulations mimic forment un cycle passant par l&apos;articulation &quot;%1&quot;</translation>
    </message>
    <message>
        <source>mimic joint &quot;%1&quot; follows joint &quot;%2&quot;, which is not a joint of this URDF</source>
        <translation>l&apos;articulation mimic &quot;%1&quot; suit l&apos;articulation &quot;%2&quot;, qui n&apos;est pas une articulation de cet URDF</translation>
    </message>
    <message>
        <source>multiplier and offset must be finite numbers</source>
        <translation>multiplier et offset doivent être des nombres finis</translation>
    </message>
    <message>
        <source>only simple transmissions (one joint) are read; this one is ignored</source>
        <translation>seules les transmissions simples (une articulation) sont lues ; celle-ci est ignorée</translation>
    </message>
    <message>
        <source>size must be finite</source>
        <translation>la taille doit être finie</translation>
    </message>
    <message>
        <source>radius must be finite</source>
        <translation>le rayon doit être fini</translation>
    </message>
    <message>
        <source>mesh &quot;%1&quot; not found (package:// URIs are searched in the package paths, $ROS_PACKAGE_PATH and the URDF file&apos;s ancestor directories); the default link geometry is drawn</source>
        <translation>maillage &quot;%1&quot; introuvable (les URI package:// sont cherchées dans les chemins de paquets, $ROS_PACKAGE_PATH et les dossiers parents du fichier URDF) ; la géométrie par défaut du corps est dessinée</translation>
    </message>
    <message>
        <source>the root link is the fixed base: its inertial is ignored</source>
        <translation>le corps racine est la base fixe : son inertial est ignoré</translation>
    </message>
    <message>
        <source>a chain tip, the whole tree or locked joint positions apply to URDF files only (this is a ManipLab robot file)</source>
        <translation>une extrémité de chaîne, l&apos;arbre entier ou des positions bloquées ne s&apos;appliquent qu&apos;aux fichiers URDF (ceci est un fichier robot ManipLab)</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; (%2) is %3; %4</source>
        <translation>l&apos;articulation &quot;%1&quot; (%2) est %3 ; %4</translation>
    </message>
    <message>
        <source>%1, on %2</source>
        <translation>%1, sur %2</translation>
    </message>
    <message>
        <source>%1, off %2</source>
        <translation>%1, hors de %2</translation>
    </message>
    <message>
        <source>the chain</source>
        <translation>la chaîne</translation>
    </message>
    <message>
        <source>the chain to &quot;%1&quot;</source>
        <translation>la chaîne jusqu&apos;à &quot;%1&quot;</translation>
    </message>
    <message>
        <source>locked at its origin (zero displacement)</source>
        <translation>bloquée à son origine (déplacement nul)</translation>
    </message>
    <message>
        <source>locked at %1 %2 (%3)</source>
        <translation>bloquée à %1 %2 (%3)</translation>
    </message>
    <message>
        <source>stated position</source>
        <translation>position donnée</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3</source>
        <translation>mimic de &quot;%1&quot; : q = %2 * q_%1 + %3</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves on the chain but a chain of independent joints cannot represent the coupling, so these links do not follow it</source>
        <translation>mimic de &quot;%1&quot; : q = %2 * q_%1 + %3, avec &quot;%1&quot; (ou l&apos;articulation qu&apos;elle suit) à sa position de repos ; cette articulation bouge sur la chaîne mais une chaîne d&apos;articulations indépendantes ne peut pas représenter le couplage, ces corps ne la suivent donc pas</translation>
    </message>
    <message>
        <source>its &lt;maniplab:joint home&gt;; --lock %1=VALUE states another</source>
        <translation>son &lt;maniplab:joint home&gt; ; --lock %1=VALUE en donne une autre</translation>
    </message>
    <message>
        <source>default: zero; --lock %1=VALUE states another</source>
        <translation>par défaut : zéro ; --lock %1=VALUE en donne une autre</translation>
    </message>
    <message>
        <source>link %1 is lumped into %2</source>
        <translation>le corps %1 est regroupé dans %2</translation>
    </message>
    <message>
        <source>links %1 are lumped into %2</source>
        <translation>les corps %1 sont regroupés dans %2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 et %2 autres</translation>
    </message>
    <message>
        <source>the fixed base (link &quot;%1&quot;): they do not enter the dynamics</source>
        <translation>la base fixe (corps &quot;%1&quot;) : ils n&apos;entrent pas dans la dynamique</translation>
    </message>
    <message>
        <source>the body of joint &quot;%1&quot; (link &quot;%2&quot;): masses, centres of mass and inertias combined exactly</source>
        <translation>le corps de l&apos;articulation &quot;%1&quot; (corps &quot;%2&quot;) : masses, centres de masse et inerties combinés exactement</translation>
    </message>
    <message>
        <source>the trajectory cannot be built from these values</source>
        <translation>la trajectoire ne peut pas être construite à partir de ces valeurs</translation>
    </message>
    <message>
        <source>this is a URDF robot file, not a scene: `maniplab-cli check %1` reads it, and a scene names it in its &quot;robot&quot;</source>
        <translation>ceci est un fichier robot URDF, pas une scène : `maniplab-cli check %1` le lit, et une scène le nomme dans son &quot;robot&quot;</translation>
    </message>
    <message>
        <source>this is a robot file (%1), not a scene: `maniplab-cli %2 %3` reads it, and a scene names it in its &quot;robot&quot;</source>
        <translation>ceci est un fichier robot (%1), pas une scène : `maniplab-cli %2 %3` le lit, et une scène le nomme dans son &quot;robot&quot;</translation>
    </message>
    <message>
        <source>unknown scene kind &quot;%1&quot; (this program reads: %2)</source>
        <translation>type de scène inconnu &quot;%1&quot; (ce programme lit : %2)</translation>
    </message>
    <message>
        <source>this is not a ManipLab scene (%1): a scene has &quot;format&quot;: &quot;maniplab-scene&quot; and one of the kinds %2</source>
        <translation>ceci n&apos;est pas une scène ManipLab (%1) : une scène a &quot;format&quot;: &quot;maniplab-scene&quot; et l&apos;un des types %2</translation>
    </message>
    <message>
        <source>this is a &quot;%1&quot; scene, not a &quot;%2&quot; scene: `maniplab-cli run %3` runs it (or `compare`)</source>
        <translation>ceci est une scène &quot;%1&quot;, pas une scène &quot;%2&quot; : `maniplab-cli run %3` l&apos;exécute (ou `compare`)</translation>
    </message>
    <message>
        <source>this is not a serial robot file (%1)</source>
        <translation>ceci n&apos;est pas un fichier de robot série (%1)</translation>
    </message>
    <message>
        <source>the Orthoglide robot file %1 is invalid (see above)</source>
        <translation>le fichier robot Orthoglide %1 n&apos;est pas valide (voir ci-dessus)</translation>
    </message>
    <message>
        <source>must be &quot;clamping&quot; or &quot;none&quot;</source>
        <translation>doit être &quot;clamping&quot; ou &quot;none&quot;</translation>
    </message>
    <message>
        <source>must be &quot;pid&quot;, &quot;computed_torque&quot; or &quot;zero&quot; (got &quot;%1&quot;)</source>
        <translation>doit être &quot;pid&quot;, &quot;computed_torque&quot; ou &quot;zero&quot; (reçu &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be &quot;cartesian_points&quot; (platform way-points in R_0)</source>
        <translation>doit être &quot;cartesian_points&quot; (points de passage de la plate-forme dans R_0)</translation>
    </message>
    <message>
        <source>must be an array of at least 2 points [x, y, z] (m, in R_0)</source>
        <translation>doit être un tableau d&apos;au moins 2 points [x, y, z] (m, dans R_0)</translation>
    </message>
    <message>
        <source>out of reach: %1</source>
        <translation>hors d&apos;atteinte : %1</translation>
    </message>
    <message>
        <source>must be an array of segment durations (s), one per segment</source>
        <translation>doit être un tableau de durées de segments (s), une par segment</translation>
    </message>
    <message>
        <source>needs one duration per segment (%1)</source>
        <translation>il faut une durée par segment (%1)</translation>
    </message>
    <message>
        <source>at t = %1 s the platform point (%2, %3, %4) m is out of reach: %5</source>
        <translation>à t = %1 s le point de la plate-forme (%2, %3, %4) m est hors d&apos;atteinte : %5</translation>
    </message>
    <message>
        <source>missing required array of %1 numbers</source>
        <translation>tableau obligatoire de %1 nombres manquant</translation>
    </message>
    <message>
        <source>must be an array of %1 numbers</source>
        <translation>doit être un tableau de %1 nombres</translation>
    </message>
    <message>
        <source>the base inertia must be positive definite (smallest principal moment %1)</source>
        <translation>l&apos;inertie de la base doit être définie positive (plus petit moment principal %1)</translation>
    </message>
    <message>
        <source>the full rotor model is not supported on a floating base (use armature)</source>
        <translation>le modèle complet des rotors n&apos;est pas pris en charge sur une base flottante (utilisez armature)</translation>
    </message>
    <message>
        <source>must be &quot;floating_computed_torque&quot; (the reaction-aware computed torque)</source>
        <translation>doit être &quot;floating_computed_torque&quot; (le couple calculé qui tient compte des réactions)</translation>
    </message>
    <message>
        <source>must be &quot;aba&quot; or &quot;crba&quot;</source>
        <translation>doit être &quot;aba&quot; ou &quot;crba&quot;</translation>
    </message>
    <message>
        <source>must be zero (exact sign) or a positive velocity</source>
        <translation>doit être zéro (signe exact) ou une vitesse positive</translation>
    </message>
    <message>
        <source>must be a whole number of plant periods (%1 s)</source>
        <translation>doit être un nombre entier de périodes du procédé (%1 s)</translation>
    </message>
    <message>
        <source>locked at %1 %2, outside its limits [%3, %4]</source>
        <translation>bloquée à %1 %2, hors de ses butées [%3, %4]</translation>
    </message>
    <message>
        <source>no revolute, continuous or prismatic joint below the root link &quot;%1&quot;</source>
        <translation>aucune articulation revolute, continuous ou prismatic sous le corps racine &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no revolute, continuous or prismatic joint below the root link &quot;%1&quot; that is not locked</source>
        <translation>aucune articulation revolute, continuous ou prismatic non bloquée sous le corps racine &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no joint moves between the root link &quot;%1&quot; and the tip &quot;%2&quot; (locked and mimic joints do not count)</source>
        <translation>aucune articulation ne bouge entre le corps racine &quot;%1&quot; et l&apos;extrémité &quot;%2&quot; (les articulations bloquées et mimic ne comptent pas)</translation>
    </message>
    <message>
        <source>box %1 x %2 x %3 m</source>
        <translation>pavé %1 x %2 x %3 m</translation>
    </message>
    <message>
        <source>cylinder r = %1 m, length %2 m</source>
        <translation>cylindre r = %1 m, longueur %2 m</translation>
    </message>
    <message>
        <source>sphere r = %1 m</source>
        <translation>sphère r = %1 m</translation>
    </message>
    <message>
        <source>proposed fix: add the link&apos;s real &lt;inertial&gt; (CAD data); as a stand-in, a solid aluminium %1 (axes of its geometry origin) is &lt;inertial&gt;&lt;mass value=&quot;%2&quot;/&gt;&lt;inertia ixx=&quot;%3&quot; iyy=&quot;%4&quot; izz=&quot;%5&quot; ixy=&quot;0&quot; ixz=&quot;0&quot; iyz=&quot;0&quot;/&gt;&lt;/inertial&gt;</source>
        <translation>correction proposée : ajoutez le vrai &lt;inertial&gt; du corps (données CAO) ; à titre provisoire, un %1 plein en aluminium (axes de l&apos;origine de sa géométrie) donne &lt;inertial&gt;&lt;mass value=&quot;%2&quot;/&gt;&lt;inertia ixx=&quot;%3&quot; iyy=&quot;%4&quot; izz=&quot;%5&quot; ixy=&quot;0&quot; ixz=&quot;0&quot; iyz=&quot;0&quot;/&gt;&lt;/inertial&gt;</translation>
    </message>
    <message>
        <source>proposed fix: add the link&apos;s real &lt;inertial&gt; (mass, &lt;origin&gt; of the centre of mass, inertia about it) from the CAD model, or compute it from the mesh volume and the material density</source>
        <translation>correction proposée : ajoutez le vrai &lt;inertial&gt; du corps (masse, &lt;origin&gt; du centre de masse, inertie en ce point) depuis le modèle CAO, ou calculez-le à partir du volume du maillage et de la masse volumique du matériau</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; (moved by joint &quot;%2&quot;)</source>
        <translation>le corps &quot;%1&quot; (mû par l&apos;articulation &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; (moved by joint &quot;%2&quot;; with the fixed and locked links %3)</source>
        <translation>le corps &quot;%1&quot; (mû par l&apos;articulation &quot;%2&quot; ; avec les corps fixes et bloqués %3)</translation>
    </message>
    <message>
        <source>%1 is massless with a non-zero inertia (accepted; its inertia still acts)</source>
        <translation>%1 est sans masse mais d&apos;inertie non nulle (accepté ; son inertie agit quand même)</translation>
    </message>
    <message>
        <source>%1 has no inertial (missing or zero mass): it adds no inertia, so the mass matrix is singular unless the links after it move with this joint, and its dynamics are wrong; %2</source>
        <translation>%1 n&apos;a pas d&apos;inertial (masse absente ou nulle) : il n&apos;ajoute aucune inertie, la matrice d&apos;inertie est donc singulière sauf si les corps suivants bougent avec cette articulation, et sa dynamique est fausse ; %2</translation>
    </message>
    <message>
        <source>%1 has a zero inertia tensor (a point mass): the mass matrix is singular when its centre of mass lies on the joint axis; %2</source>
        <translation>%1 a un tenseur d&apos;inertie nul (une masse ponctuelle) : la matrice d&apos;inertie est singulière quand son centre de masse est sur l&apos;axe de l&apos;articulation ; %2</translation>
    </message>
    <message>
        <source>only the first visual of a body is drawn (%1 more ignored)</source>
        <translation>seul le premier visuel d&apos;un corps est dessiné (%1 de plus ignorés)</translation>
    </message>
    <message>
        <source>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it): give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</source>
        <translation>la matrice d&apos;inertie est singulière en position de repos (aucune inertie ne se déplace avec l&apos;articulation &quot;%1&quot; indépendamment des articulations précédentes) : donnez à ces corps leur &lt;inertial&gt; (voir les avertissements), ou à l&apos;articulation une inertie de rotor (&lt;transmission&gt; avec &lt;maniplab:rotor_inertia&gt;)</translation>
    </message>
    <message>
        <source>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it); links without inertial: %2: give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</source>
        <translation>la matrice d&apos;inertie est singulière en position de repos (aucune inertie ne se déplace avec l&apos;articulation &quot;%1&quot; indépendamment des articulations précédentes) ; corps sans inertial : %2 : donnez à ces corps leur &lt;inertial&gt; (voir les avertissements), ou à l&apos;articulation une inertie de rotor (&lt;transmission&gt; avec &lt;maniplab:rotor_inertia&gt;)</translation>
    </message>
    <message>
        <source>must be a whole number from %1 to %2</source>
        <translation>doit être un nombre entier de %1 à %2</translation>
    </message>
    <message>
        <source>%1 s sampled every %2 s is %3 samples of the straight line (inverse kinematics at each): at most %4; raise the sample period or shorten the line</source>
        <translation>%1 s échantillonnées toutes les %2 s font %3 échantillons de la ligne droite (modèle géométrique inverse à chacun) : au plus %4 ; augmentez la période d&apos;échantillonnage ou raccourcissez la ligne</translation>
    </message>
    <message>
        <source>must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger&apos;s a(j) &lt; j)</source>
        <translation>doit être 0 (la base) ou le numéro d&apos;une articulation précédente, de 1 à %1 (a(j) &lt; j de Khalil–Kleinfinger)</translation>
    </message>
    <message>
        <source>a branch needs &quot;mdh&quot; (Khalil–Kleinfinger) or &quot;general&quot;: standard DH puts link j&apos;s frame on the axis of joint j+1, which a link with several children does not have</source>
        <translation>une branche demande &quot;mdh&quot; (Khalil–Kleinfinger) ou &quot;general&quot; : le DH standard place le repère du corps j sur l&apos;axe de l&apos;articulation j+1, qu&apos;un corps à plusieurs enfants n&apos;a pas</translation>
    </message>
    <message>
        <source>the tree</source>
        <translation>l&apos;arbre</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves in the tree but mimic joints are locked when a whole tree is imported, so these links do not follow it</source>
        <translation>« mimic » de &quot;%1&quot; : q = %2 * q_%1 + %3, avec &quot;%1&quot; (ou l&apos;articulation qu&apos;elle suit) dans sa position de repos ; cette articulation se déplace dans l&apos;arbre, mais les articulations « mimic » sont bloquées quand un arbre entier est importé : ces corps ne la suivent donc pas</translation>
    </message>
    <message>
        <source>a chain tip (&quot;%1&quot;) and the whole tree were both asked for: choose one</source>
        <translation>une extrémité de chaîne (&quot;%1&quot;) et l&apos;arbre entier ont été demandés tous deux : choisissez l&apos;un ou l&apos;autre</translation>
    </message>
    <message>
        <source>must be the number of another joint (1 to %1) that is not itself a mimic joint</source>
        <translation>doit être le numéro d&apos;une autre articulation (1 à %1) qui n’est pas elle-même une articulation mimic</translation>
    </message>
    <message>
        <source>must be a finite number other than 0 (q = multiplier * q_joint + offset)</source>
        <translation>doit être un nombre fini différent de 0 (q = multiplier * q_joint + offset)</translation>
    </message>
</context>
<context>
    <name>SceneKinds</name>
    <message>
        <source>Satellite scene: the control is fixed by design (the reaction-aware computed torque of Llibre, Mampey &amp; Chrétien 1983 §IV.2, with the scene file&apos;s gains and motion); only the simulated duration can be changed here. Edit the scene file to change the rest.</source>
        <translation>Scène satellite : la commande est imposée par construction (le couple calculé tenant compte des réactions sur la base, de Llibre, Mampey &amp; Chrétien 1983 §IV.2, avec les gains et le mouvement du fichier de scène) ; seule la durée simulée peut être modifiée ici. Modifiez le fichier de scène pour changer le reste.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain on a fixed base: this arm&apos;s base floats freely (its motion couples with the arm&apos;s), which the exported file could not say.</source>
        <translation>L&apos;export URDF écrit une chaîne série à base fixe : la base de ce bras flotte librement (son mouvement est couplé à celui du bras), ce que le fichier exporté ne saurait pas dire.</translation>
    </message>
    <message>
        <source>This scene&apos;s control is fixed by its file: only the simulated duration can be changed here. Edit the scene file to change the rest.</source>
        <translation>La commande de cette scène est fixée par son fichier : seule la durée simulée peut être modifiée ici. Modifiez le fichier de la scène pour changer le reste.</translation>
    </message>
    <message>
        <source>The operation counts are those of serial chains: this scene simulates none.</source>
        <translation>Les comptes d&apos;opérations sont ceux des chaînes séries : cette scène n&apos;en simule aucune.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain on a fixed base: this scene has none.</source>
        <translation>L&apos;export URDF écrit une chaîne série à base fixe : cette scène n&apos;en a pas.</translation>
    </message>
    <message>
        <source>The robot and the scene have been modified. Save the changes?</source>
        <translation>Le robot et la scène ont été modifiés. Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>The robot has been modified. Save the changes?</source>
        <translation>Le robot a été modifié. Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>The scene has been modified (control panel). Save the changes?</source>
        <translation>La scène a été modifiée (panneau de commande). Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>Orthoglide parameters</source>
        <translation>Paramètres de l&apos;Orthoglide</translation>
    </message>
    <message>
        <source>The operation counts are those of serial chains: the Orthoglide&apos;s dynamics (Guégan, Khalil, Chablat &amp; Wenger 2002) is computed on the equivalent trees of its legs and has no count here. Open a serial robot or the satellite arm.</source>
        <translation>Les nombres d&apos;opérations sont ceux des chaînes séries : la dynamique de l&apos;Orthoglide (Guégan, Khalil, Chablat &amp; Wenger 2002) est calculée sur les arborescences équivalentes de ses jambes et n&apos;a pas de décompte ici. Ouvrez un robot série ou le bras du satellite.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain: the Orthoglide is a parallel robot (closed loops), which URDF cannot describe.</source>
        <translation>L&apos;export URDF écrit une chaîne série : l&apos;Orthoglide est un robot parallèle (boucles fermées), que l&apos;URDF ne sait pas décrire.</translation>
    </message>
    <message>
        <source>Cannot save the Orthoglide parameters: %1</source>
        <translation>Impossible d&apos;enregistrer les paramètres de l&apos;Orthoglide : %1</translation>
    </message>
    <message>
        <source>Orthoglide parameters saved to %1</source>
        <translation>Paramètres de l&apos;Orthoglide enregistrés dans %1</translation>
    </message>
    <message>
        <source>Save the Orthoglide parameters</source>
        <translation>Enregistrer les paramètres de l&apos;Orthoglide</translation>
    </message>
    <message>
        <source>Robot files (*.json)</source>
        <translation>Fichiers robot (*.json)</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters and the scene have been modified. Save the changes?</source>
        <translation>Les paramètres de l&apos;Orthoglide et la scène ont été modifiés. Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters have been modified. Save the changes?</source>
        <translation>Les paramètres de l&apos;Orthoglide ont été modifiés. Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters have unsaved edits: they are saved first (the scene names their file)</source>
        <translation>Les paramètres de l&apos;Orthoglide ont des modifications non enregistrées : ils sont enregistrés d&apos;abord (la scène désigne leur fichier)</translation>
    </message>
    <message>
        <source>%1: the scene was not saved: its robot has unsaved edits</source>
        <translation>%1 : la scène n&apos;a pas été enregistrée : son robot a des modifications non enregistrées</translation>
    </message>
    <message>
        <source>pendulum parameters</source>
        <translation>paramètres du pendule</translation>
    </message>
    <message>
        <source>Pendulum</source>
        <translation>Pendule</translation>
    </message>
    <message>
        <source>The scene has been modified (pendulum parameters or control panel). Save the changes?</source>
        <translation>La scène a été modifiée (paramètres du pendule ou panneau de commande). Enregistrer les modifications ?</translation>
    </message>
    <message>
        <source>Chain editor</source>
        <translation>Éditeur de chaîne</translation>
    </message>
    <message>
        <source>Teach</source>
        <translation>Apprentissage</translation>
    </message>
    <message>
        <source>Identification</source>
        <translation>Identification</translation>
    </message>
    <message>
        <source>EtherCAT</source>
        <translation>EtherCAT</translation>
    </message>
    <message>
        <source>Runs drive the EtherCAT backend (EtherCAT panel)</source>
        <translation>Les exécutions pilotent la cible EtherCAT (panneau EtherCAT)</translation>
    </message>
    <message>
        <source>Runs drive the simulated plant</source>
        <translation>Les exécutions pilotent le procédé simulé</translation>
    </message>
    <message>
        <source>The model-based controllers use the identified model</source>
        <translation>Les commandes à base de modèle utilisent le modèle identifié</translation>
    </message>
    <message>
        <source>The model-based controllers use their own model</source>
        <translation>Les commandes à base de modèle utilisent leur propre modèle</translation>
    </message>
    <message>
        <source>%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)</source>
        <translation>%1 : la scène demande la cible EtherCAT (voir le panneau EtherCAT)</translation>
    </message>
    <message>
        <source>identified model</source>
        <translation>modèle identifié</translation>
    </message>
    <message>
        <source>%1: cannot save the robot: %2</source>
        <translation>%1 : impossible d&apos;enregistrer le robot : %2</translation>
    </message>
    <message>
        <source>Robot saved to %1</source>
        <translation>Robot enregistré dans %1</translation>
    </message>
    <message>
        <source>Recovered robot</source>
        <translation>Robot récupéré</translation>
    </message>
    <message>
        <source>Save the robot</source>
        <translation>Enregistrer le robot</translation>
    </message>
    <message>
        <source>The robot has unsaved edits: it is saved first (the scene names its file)</source>
        <translation>Le robot a des modifications non enregistrées : il est enregistré d&apos;abord (la scène désigne son fichier)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::AlgorithmsDialog</name>
    <message>
        <source>Joint transforms S_i</source>
        <translation>Transformations articulaires S_i</translation>
    </message>
    <message>
        <source>Newton–Euler (inverse dynamics)</source>
        <translation>Newton–Euler (modèle dynamique inverse)</translation>
    </message>
    <message>
        <source>Kinetic-energy matrix, backward recurrence</source>
        <translation>Matrice d&apos;énergie cinétique, récurrence arrière</translation>
    </message>
    <message>
        <source>Mass matrix, composite rigid bodies (CRBA)</source>
        <translation>Matrice d&apos;inertie, corps composites (CRBA)</translation>
    </message>
    <message>
        <source>Cholesky factorisation and solve</source>
        <translation>Factorisation de Cholesky et résolution</translation>
    </message>
    <message>
        <source>Articulated-body algorithm (ABA)</source>
        <translation>Algorithme des corps articulés (ABA)</translation>
    </message>
    <message>
        <source>Forward dynamics: NE + recurrence + Cholesky</source>
        <translation>Modèle dynamique direct : NE + récurrence + Cholesky</translation>
    </message>
    <message>
        <source>Algorithms and operation counts</source>
        <translation>Algorithmes et nombres d&apos;opérations</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithme</translation>
    </message>
    <message>
        <source>ManipLab ×</source>
        <translation>ManipLab ×</translation>
    </message>
    <message>
        <source>ManipLab +</source>
        <translation>ManipLab +</translation>
    </message>
    <message>
        <source>Llibre, Mampey &amp; Chrétien 1983 ×</source>
        <translation>Llibre, Mampey &amp; Chrétien 1983 ×</translation>
    </message>
    <message>
        <source>Llibre, Mampey &amp; Chrétien 1983 +</source>
        <translation>Llibre, Mampey &amp; Chrétien 1983 +</translation>
    </message>
    <message>
        <source>Formula of the paper (×; +)</source>
        <translation>Formule de l&apos;article (× ; +)</translation>
    </message>
    <message>
        <source>The counts cannot be taken: %1</source>
        <translation>Impossible de compter les opérations : %1</translation>
    </message>
    <message>
        <source>%1 (ManipLab)</source>
        <translation>%1 (ManipLab)</translation>
    </message>
    <message>
        <source>%1 (Llibre, Mampey &amp; Chrétien 1983)</source>
        <translation>%1 (Llibre, Mampey &amp; Chrétien 1983)</translation>
    </message>
    <message>
        <source>number of joints n</source>
        <translation>nombre d&apos;articulations n</translation>
    </message>
    <message>
        <source>multiplications</source>
        <translation>multiplications</translation>
    </message>
    <message>
        <source>Multiplications (×, divisions included) and additions (+, subtractions included) actually performed by ManipLab&apos;s algorithms, counted by running them on a counting scalar type, beside the formulas of Llibre, Mampey &amp; Chrétien 1983 §IV.1 (revolute joints, no actuators, the authors&apos; own optimisations). sin q and cos q are taken as given, as in Llibre, Mampey &amp; Chrétien (1983); ManipLab&apos;s rows exclude the joint transforms, which the paper counts apart (first row).</source>
        <translation>Multiplications (×, divisions comprises) et additions (+, soustractions comprises) effectivement effectuées par les algorithmes de ManipLab, comptées en les exécutant sur un type scalaire compteur, à côté des formules de Llibre, Mampey &amp; Chrétien 1983 §IV.1 (articulations rotoïdes, sans actionneurs, avec les optimisations des auteurs). sin q et cos q sont supposés donnés, comme dans l&apos;article ; les lignes de ManipLab excluent les transformations articulaires, que l&apos;article compte à part (première ligne).</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ChainEditor</name>
    <message>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>type</source>
        <translation>type</translation>
    </message>
    <message>
        <source>a [m]</source>
        <translation>a [m]</translation>
    </message>
    <message>
        <source>α [°]</source>
        <translation>α [°]</translation>
    </message>
    <message>
        <source>d [m]</source>
        <translation>d [m]</translation>
    </message>
    <message>
        <source>θ [°]</source>
        <translation>θ [°]</translation>
    </message>
    <message>
        <source>r [m]</source>
        <translation>r [m]</translation>
    </message>
    <message>
        <source>x [m]</source>
        <translation>x [m]</translation>
    </message>
    <message>
        <source>y [m]</source>
        <translation>y [m]</translation>
    </message>
    <message>
        <source>z [m]</source>
        <translation>z [m]</translation>
    </message>
    <message>
        <source>roll [°]</source>
        <translation>roulis [°]</translation>
    </message>
    <message>
        <source>pitch [°]</source>
        <translation>tangage [°]</translation>
    </message>
    <message>
        <source>yaw [°]</source>
        <translation>lacet [°]</translation>
    </message>
    <message>
        <source>offset [° | m]</source>
        <translation>décalage [° | m]</translation>
    </message>
    <message>
        <source>lower [° | m]</source>
        <translation>min [° | m]</translation>
    </message>
    <message>
        <source>upper [° | m]</source>
        <translation>max [° | m]</translation>
    </message>
    <message>
        <source>velocity [°/s | m/s]</source>
        <translation>vitesse [°/s | m/s]</translation>
    </message>
    <message>
        <source>effort [N·m | N]</source>
        <translation>effort [N·m | N]</translation>
    </message>
    <message>
        <source>mass [kg]</source>
        <translation>masse [kg]</translation>
    </message>
    <message>
        <source>CoM x [m]</source>
        <translation>CdM x [m]</translation>
    </message>
    <message>
        <source>CoM y [m]</source>
        <translation>CdM y [m]</translation>
    </message>
    <message>
        <source>CoM z [m]</source>
        <translation>CdM z [m]</translation>
    </message>
    <message>
        <source>Ixx [kg·m²]</source>
        <translation>Ixx [kg·m²]</translation>
    </message>
    <message>
        <source>Iyy [kg·m²]</source>
        <translation>Iyy [kg·m²]</translation>
    </message>
    <message>
        <source>Izz [kg·m²]</source>
        <translation>Izz [kg·m²]</translation>
    </message>
    <message>
        <source>Ixy [kg·m²]</source>
        <translation>Ixy [kg·m²]</translation>
    </message>
    <message>
        <source>Ixz [kg·m²]</source>
        <translation>Ixz [kg·m²]</translation>
    </message>
    <message>
        <source>Iyz [kg·m²]</source>
        <translation>Iyz [kg·m²]</translation>
    </message>
    <message>
        <source>gear ratio</source>
        <translation>rapport de réduction</translation>
    </message>
    <message>
        <source>rotor inertia j_m [kg·m²]</source>
        <translation>inertie du rotor j_m [kg·m²]</translation>
    </message>
    <message>
        <source>transverse rotor inertia i_m [kg·m²]</source>
        <translation>inertie transverse du rotor i_m [kg·m²]</translation>
    </message>
    <message>
        <source>rotor axis (x, y, z)</source>
        <translation>axe du rotor (x, y, z)</translation>
    </message>
    <message>
        <source>viscous + [N·m·s/rad | N·s/m]</source>
        <translation>visqueux + [N·m·s/rad | N·s/m]</translation>
    </message>
    <message>
        <source>viscous − [N·m·s/rad | N·s/m]</source>
        <translation>visqueux − [N·m·s/rad | N·s/m]</translation>
    </message>
    <message>
        <source>Coulomb + [N·m | N]</source>
        <translation>Coulomb + [N·m | N]</translation>
    </message>
    <message>
        <source>Coulomb − [N·m | N]</source>
        <translation>Coulomb − [N·m | N]</translation>
    </message>
    <message>
        <source>R: revolute, P: prismatic</source>
        <translation>R : rotoïde, P : prismatique</translation>
    </message>
    <message>
        <source>Joint offset: the joint variable&apos;s parameter at q = 0 (θ of a revolute joint, d (DH) or r (MDH) of a prismatic one); degrees for revolute, metres for prismatic</source>
        <translation>Décalage articulaire : le paramètre de la variable articulaire à q = 0 (θ d&apos;une articulation rotoïde, d (DH) ou r (MDH) d&apos;une prismatique) ; degrés pour une rotoïde, mètres pour une prismatique</translation>
    </message>
    <message>
        <source>Degrees for revolute joints, metres for prismatic ones; empty: no limit</source>
        <translation>Degrés pour les articulations rotoïdes, mètres pour les prismatiques ; vide : pas de butée</translation>
    </message>
    <message>
        <source>DH: offset along z; MDH: distance along x (Khalil&apos;s notation)</source>
        <translation>DH : décalage selon z ; MDH : distance selon x (notation de Khalil)</translation>
    </message>
    <message>
        <source>Unit vector in the frame of the link carrying the motor; empty: the joint axis</source>
        <translation>Vecteur unitaire dans le repère du corps qui porte le moteur ; vide : l&apos;axe de l&apos;articulation</translation>
    </message>
    <message>
        <source>revolute</source>
        <translation>rotoïde</translation>
    </message>
    <message>
        <source>prismatic</source>
        <translation>prismatique</translation>
    </message>
    <message>
        <source>Convention:</source>
        <translation>Convention :</translation>
    </message>
    <message>
        <source>DH (standard)</source>
        <translation>DH (standard)</translation>
    </message>
    <message>
        <source>MDH (modified)</source>
        <translation>MDH (modifiée)</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Générale</translation>
    </message>
    <message>
        <source>Re-expresses the robot in another convention (the same kinematics and dynamics)</source>
        <translation>Réexprime le robot dans une autre convention (même cinématique et même dynamique)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Insert a joint after the selected one</source>
        <translation>Insère une articulation après celle sélectionnée</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Remove the selected joint</source>
        <translation>Supprime l&apos;articulation sélectionnée</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Move the selected joint towards the base</source>
        <translation>Déplace l&apos;articulation sélectionnée vers la base</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>Move the selected joint towards the tool</source>
        <translation>Déplace l&apos;articulation sélectionnée vers l&apos;outil</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Corps</translation>
    </message>
    <message>
        <source>Actuator</source>
        <translation>Actionneur</translation>
    </message>
    <message>
        <source>Link %1 %2</source>
        <translation>Corps %1 %2</translation>
    </message>
    <message>
        <source>Actuator of joint %1 %2</source>
        <translation>Actionneur de l&apos;articulation %1 %2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>avertissement : %1</translation>
    </message>
    <message>
        <source>Rejected: %1</source>
        <translation>Refusé : %1</translation>
    </message>
    <message>
        <source>Warning: %1: %2</source>
        <translation>Avertissement : %1 : %2</translation>
    </message>
    <message>
        <source>Joint %1, %2: %3</source>
        <translation>Articulation %1, %2 : %3</translation>
    </message>
    <message>
        <source>no joint %1</source>
        <translation>pas d&apos;articulation %1</translation>
    </message>
    <message>
        <source>no field &quot;%1&quot; in this convention</source>
        <translation>pas de champ « %1 » dans cette convention</translation>
    </message>
    <message>
        <source>%1: must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%2&quot;)</source>
        <translation>%1 : doit être « revolute » ou « prismatic » (reçu « %2 »)</translation>
    </message>
    <message>
        <source>%1: must be a 3-vector &quot;x, y, z&quot; (or empty: the joint axis), got &quot;%2&quot;</source>
        <translation>%1 : doit être un vecteur « x, y, z » (ou vide : l&apos;axe de l&apos;articulation), reçu « %2 »</translation>
    </message>
    <message>
        <source>%1: must be a number (got &quot;%2&quot;)</source>
        <translation>%1 : doit être un nombre (reçu « %2 »)</translation>
    </message>
    <message>
        <source>%1: must be finite</source>
        <translation>%1 : doit être fini</translation>
    </message>
    <message>
        <source>Edit %1 of joint %2</source>
        <translation>Modifier %1 de l&apos;articulation %2</translation>
    </message>
    <message>
        <source>Add joint %1</source>
        <translation>Ajouter l&apos;articulation %1</translation>
    </message>
    <message>
        <source>Remove joint %1</source>
        <translation>Supprimer l&apos;articulation %1</translation>
    </message>
    <message>
        <source>cannot move joint %1 there</source>
        <translation>impossible de déplacer l&apos;articulation %1 à cet endroit</translation>
    </message>
    <message>
        <source>Move joint %1 up</source>
        <translation>Monter l&apos;articulation %1</translation>
    </message>
    <message>
        <source>Move joint %1 down</source>
        <translation>Descendre l&apos;articulation %1</translation>
    </message>
    <message>
        <source>Cannot change the convention: %1</source>
        <translation>Impossible de changer de convention : %1</translation>
    </message>
    <message>
        <source>DH</source>
        <translation>DH</translation>
    </message>
    <message>
        <source>MDH</source>
        <translation>MDH</translation>
    </message>
    <message>
        <source>general</source>
        <translation>générale</translation>
    </message>
    <message>
        <source>Convention: %1</source>
        <translation>Convention : %1</translation>
    </message>
    <message>
        <source>the joint axis</source>
        <translation>l&apos;axe de l&apos;articulation</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>parent</translation>
    </message>
    <message>
        <source>The body the joint hangs on (Khalil–Kleinfinger&apos;s antecedent a(j)): 0 the base, or the number of an earlier joint; the previous joint makes a serial chain</source>
        <translation>Le corps qui porte l&apos;articulation (antécédent a(j) de Khalil–Kleinfinger) : 0 la base, ou le numéro d&apos;une articulation antérieure ; l&apos;articulation précédente donne une chaîne série</translation>
    </message>
    <message>
        <source>%1: the first joint hangs on the base: must be 0 (got &quot;%2&quot;)</source>
        <translation>%1 : la première articulation est portée par la base : doit valoir 0 (lu : « %2 »)</translation>
    </message>
    <message>
        <source>%1: must be 0 (the base) or an earlier joint, 1 to %2 (got &quot;%3&quot;)</source>
        <translation>%1 : doit valoir 0 (la base) ou une articulation antérieure, de 1 à %2 (lu : « %3 »)</translation>
    </message>
    <message>
        <source>follows joint</source>
        <translation>suit l&apos;articulation</translation>
    </message>
    <message>
        <source>multiplier</source>
        <translation>multiplicateur</translation>
    </message>
    <message>
        <source>A coupled (mimic) joint moves with another, independent joint (a gripper&apos;s second finger, a gear): the number of that joint; empty: the joint moves on its own</source>
        <translation>Une articulation couplée (mimic) suit une autre articulation, indépendante (le second doigt d&apos;une pince, un engrenage) : le numéro de cette articulation ; vide : l&apos;articulation est libre</translation>
    </message>
    <message>
        <source>q = multiplier × q(source) + offset; the dynamics are projected onto the independent joints (as Pinocchio 3 does for mimic joints)</source>
        <translation>q = multiplicateur × q(source) + décalage ; la dynamique est projetée sur les articulations indépendantes (comme Pinocchio 3 le fait pour les articulations mimic)</translation>
    </message>
    <message>
        <source>none (independent)</source>
        <translation>aucune (indépendante)</translation>
    </message>
    <message>
        <source>Coupling of joint %1 %2</source>
        <translation>Couplage de l&apos;articulation %1 %2</translation>
    </message>
    <message>
        <source>Coupling</source>
        <translation>Couplage</translation>
    </message>
    <message>
        <source>%1: must be the number of another joint, 1 to %2, or empty (got &quot;%3&quot;)</source>
        <translation>%1 : doit être le numéro d&apos;une autre articulation, de 1 à %2, ou vide (lu : « %3 »)</translation>
    </message>
    <message>
        <source>%1: the joint follows no joint: give the joint it follows first</source>
        <translation>%1 : l&apos;articulation ne suit aucune articulation : donnez d&apos;abord celle qu’elle suit</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ConservationPanel</name>
    <message>
        <source>not recorded</source>
        <translation>non enregistré</translation>
    </message>
    <message>
        <source>Energy balance: no run yet.</source>
        <translation>Bilan d&apos;énergie : pas encore de simulation.</translation>
    </message>
    <message>
        <source>Momenta: no run yet.</source>
        <translation>Quantité de mouvement et moment cinétique : pas encore de simulation.</translation>
    </message>
    <message>
        <source>Energy balance: not recorded (the run has no energy channels; add &quot;energy&quot; to the scene&apos;s record list).</source>
        <translation>Bilan d&apos;énergie : non enregistré (la simulation n&apos;a pas de voies d&apos;énergie ; ajoutez « energy » à la liste d&apos;enregistrement de la scène).</translation>
    </message>
    <message>
        <source>Momenta: not recorded (only floating-base runs, e.g. the satellite scene, record P and L).</source>
        <translation>Quantité de mouvement et moment cinétique : non enregistrés (seules les simulations à base flottante, p. ex. la scène satellite, enregistrent P et L).</translation>
    </message>
    <message>
        <source>Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)</source>
        <translation>Bilan d&apos;énergie (Llibre, Mampey &amp; Chrétien 1983 §IV.2)</translation>
    </message>
    <message>
        <source>Momenta (floating base, world frame)</source>
        <translation>Quantité de mouvement et moment cinétique (base flottante, repère monde)</translation>
    </message>
    <message>
        <source>E₀ (first row) [J]</source>
        <translation>E₀ (première ligne) [J]</translation>
    </message>
    <message>
        <source>ΔE = E − E₀ [J]</source>
        <translation>ΔE = E − E₀ [J]</translation>
    </message>
    <message>
        <source>Actuator work W_τ [J]</source>
        <translation>Travail des actionneurs W_τ [J]</translation>
    </message>
    <message>
        <source>Friction work W_f (dissipated) [J]</source>
        <translation>Travail des frottements W_f (dissipé) [J]</translation>
    </message>
    <message>
        <source>Net work W = W_τ − W_f [J]</source>
        <translation>Travail net W = W_τ − W_f [J]</translation>
    </message>
    <message>
        <source>Residual ΔE − W [J]</source>
        <translation>Résidu ΔE − W [J]</translation>
    </message>
    <message>
        <source>Relative drift</source>
        <translation>Dérive relative</translation>
    </message>
    <message>
        <source>Largest |relative drift|</source>
        <translation>|Dérive relative| maximale</translation>
    </message>
    <message>
        <source>P [kg m/s]</source>
        <translation>P [kg m/s]</translation>
    </message>
    <message>
        <source>P₀ [kg m/s]</source>
        <translation>P₀ [kg m/s]</translation>
    </message>
    <message>
        <source>P − P₀</source>
        <translation>P − P₀</translation>
    </message>
    <message>
        <source>|P − P₀|</source>
        <translation>|P − P₀|</translation>
    </message>
    <message>
        <source>L [N m s]</source>
        <translation>L [N m s]</translation>
    </message>
    <message>
        <source>L₀ [N m s]</source>
        <translation>L₀ [N m s]</translation>
    </message>
    <message>
        <source>L − L₀</source>
        <translation>L − L₀</translation>
    </message>
    <message>
        <source>|L − L₀|</source>
        <translation>|L − L₀|</translation>
    </message>
    <message>
        <source>largest</source>
        <translation>maximum</translation>
    </message>
    <message>
        <source>ΔE</source>
        <translation>ΔE</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>ΔE − W (right axis)</source>
        <translation>ΔE − W (axe de droite)</translation>
    </message>
    <message>
        <source>t [s]</source>
        <translation>t [s]</translation>
    </message>
    <message>
        <source>J</source>
        <translation>J</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ControlPanel</name>
    <message>
        <source>joint %1</source>
        <translation>articulation %1</translation>
    </message>
    <message>
        <source>Gain %1 of joint %2: &apos;%3&apos; is not a non-negative number</source>
        <translation>Gain %1 de l&apos;articulation %2 : « %3 » n&apos;est pas un nombre positif ou nul</translation>
    </message>
    <message>
        <source>Tr = %1 s: Kp = %2, Kv = %3 (double pole -4.73/Tr)</source>
        <translation>Tr = %1 s : Kp = %2, Kv = %3 (pôle double -4,73/Tr)</translation>
    </message>
    <message>
        <source>wn = %1 rad/s, zeta = %2: Kp = %3, Kv = %4</source>
        <translation>wn = %1 rad/s, zeta = %2 : Kp = %3, Kv = %4</translation>
    </message>
    <message>
        <source>The plant rate (%1 Hz) must be a whole multiple of the control rate (%2 Hz)</source>
        <translation>La fréquence du procédé (%1 Hz) doit être un multiple entier de la fréquence de commande (%2 Hz)</translation>
    </message>
    <message>
        <source>Controllers to run</source>
        <translation>Correcteurs à simuler</translation>
    </message>
    <message>
        <source>Gains</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Gain design (computed torque: e&apos;&apos; + Kv e&apos; + Kp e = 0)</source>
        <translation>Réglage des gains (couple calculé : e&apos;&apos; + Kv e&apos; + Kp e = 0)</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>Controller:</source>
        <translation>Correcteur :</translation>
    </message>
    <message>
        <source>Model perturbation:</source>
        <translation>Perturbation du modèle :</translation>
    </message>
    <message>
        <source>Kp</source>
        <translation>Kp</translation>
    </message>
    <message>
        <source>Kv / Kd</source>
        <translation>Kv / Kd</translation>
    </message>
    <message>
        <source>Ki</source>
        <translation>Ki</translation>
    </message>
    <message>
        <source>Response time Tr:</source>
        <translation>Temps de réponse Tr :</translation>
    </message>
    <message>
        <source>Set Kp, Kv</source>
        <translation>Calculer Kp, Kv</translation>
    </message>
    <message>
        <source>Natural frequency:</source>
        <translation>Pulsation propre :</translation>
    </message>
    <message>
        <source>Damping:</source>
        <translation>Amortissement :</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Durée :</translation>
    </message>
    <message>
        <source>Control rate:</source>
        <translation>Fréquence de commande :</translation>
    </message>
    <message>
        <source>Plant rate:</source>
        <translation>Fréquence du procédé :</translation>
    </message>
    <message>
        <source>Stepper:</source>
        <translation>Intégrateur :</translation>
    </message>
    <message>
        <source>Euler (Zanaboni 2009)</source>
        <translation>Euler (Zanaboni 2009)</translation>
    </message>
    <message>
        <source>Runge-Kutta 4</source>
        <translation>Runge-Kutta 4</translation>
    </message>
    <message>
        <source>Dormand-Prince 5(4)</source>
        <translation>Dormand-Prince 5(4)</translation>
    </message>
    <message>
        <source>Encoder noise (std):</source>
        <translation>Bruit des codeurs (écart type) :</translation>
    </message>
    <message>
        <source>rotation φ</source>
        <translation>rotation φ</translation>
    </message>
    <message>
        <source>rotation θ</source>
        <translation>rotation θ</translation>
    </message>
    <message>
        <source>rotation ψ</source>
        <translation>rotation ψ</translation>
    </message>
    <message>
        <source>position X</source>
        <translation>position X</translation>
    </message>
    <message>
        <source>position Y</source>
        <translation>position Y</translation>
    </message>
    <message>
        <source>position Z</source>
        <translation>position Z</translation>
    </message>
    <message>
        <source>Trajectory: %1</source>
        <translation>Trajectoire : %1</translation>
    </message>
    <message numerus="yes">
        <source>The controllers&apos; per-joint gains were adapted to the robot&apos;s %n joint(s): check them</source>
        <translation>
            <numerusform>Les gains articulaires des correcteurs ont été adaptés au robot (%n articulation) : vérifiez-les</numerusform>
            <numerusform>Les gains articulaires des correcteurs ont été adaptés au robot (%n articulations) : vérifiez-les</numerusform>
        </translation>
    </message>
    <message>
        <source>the trajectory and the gains were adapted</source>
        <translation>la trajectoire et les gains ont été adaptés</translation>
    </message>
    <message>
        <source>the trajectory was adapted</source>
        <translation>la trajectoire a été adaptée</translation>
    </message>
    <message>
        <source>the gains were adapted</source>
        <translation>les gains ont été adaptés</translation>
    </message>
    <message>
        <source>check the trajectory and the gains</source>
        <translation>vérifiez la trajectoire et les gains</translation>
    </message>
    <message numerus="yes">
        <source>The robot now has %n joint(s): %1 (a new joint starts at its home position with the last joint&apos;s gains).</source>
        <translation>
            <numerusform>Le robot a désormais %n articulation : %1 (une nouvelle articulation part de sa position de repos avec les gains de la dernière articulation).</numerusform>
            <numerusform>Le robot a désormais %n articulations : %1 (une nouvelle articulation part de sa position de repos avec les gains de la dernière articulation).</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>A scene needs at least one controller</source>
        <translation>Une scène nécessite au moins un correcteur</translation>
    </message>
    <message>
        <source>An Orthoglide scene runs PID, computed torque or zero torque controllers (not %1)</source>
        <translation>Une scène Orthoglide fonctionne avec des correcteurs PID, à couple calculé ou à couple nul (pas %1)</translation>
    </message>
    <message>
        <source>An operational-space controller needs a robot with 6 joints (this one has %1)</source>
        <translation>Un correcteur dans l&apos;espace opérationnel nécessite un robot à 6 articulations (celui-ci en a %1)</translation>
    </message>
    <message>
        <source>Cannot add the controller: %1</source>
        <translation>Impossible d&apos;ajouter le correcteur : %1</translation>
    </message>
    <message>
        <source>Controller %1 added (zero torque: no gains)</source>
        <translation>Correcteur %1 ajouté (couple nul : pas de gains)</translation>
    </message>
    <message>
        <source>A scene needs at least one controller: %1 is kept</source>
        <translation>Une scène nécessite au moins un correcteur : %1 est conservé</translation>
    </message>
    <message>
        <source>Controller %1 removed</source>
        <translation>Correcteur %1 supprimé</translation>
    </message>
    <message>
        <source>actuator %1</source>
        <translation>actionneur %1</translation>
    </message>
    <message>
        <source>The control panel is set for %1 joint(s), the robot has %2: reload the scene</source>
        <translation>Le panneau de commande est réglé pour %1 articulation(s), le robot en a %2 : rechargez la scène</translation>
    </message>
    <message>
        <source>Controller %1: operational space needs a robot with 6 joints (this one has %2); remove it</source>
        <translation>Correcteur %1 : l&apos;espace opérationnel nécessite un robot à 6 articulations (celui-ci en a %2) ; supprimez-le</translation>
    </message>
    <message>
        <source>Trajectory</source>
        <translation>Trajectoire</translation>
    </message>
    <message>
        <source>Add controller</source>
        <translation>Ajouter un correcteur</translation>
    </message>
    <message>
        <source>A new controller with default gains from the response time Tr of the gain design</source>
        <translation>Un nouveau correcteur, avec des gains par défaut tirés du temps de réponse Tr du réglage des gains</translation>
    </message>
    <message>
        <source>PID (independent joints)</source>
        <translation>PID (articulations indépendantes)</translation>
    </message>
    <message>
        <source>PD + gravity</source>
        <translation>PD + gravité</translation>
    </message>
    <message>
        <source>Computed torque</source>
        <translation>Couple calculé</translation>
    </message>
    <message>
        <source>Operational space (6 joints)</source>
        <translation>Espace opérationnel (6 articulations)</translation>
    </message>
    <message>
        <source>Zero torque (free motion)</source>
        <translation>Couple nul (mouvement libre)</translation>
    </message>
    <message>
        <source>Recorded channels</source>
        <translation>Voies enregistrées</translation>
    </message>
    <message>
        <source>Reference q_d</source>
        <translation>Consigne q_d</translation>
    </message>
    <message>
        <source>State q, q&apos;</source>
        <translation>État q, q&apos;</translation>
    </message>
    <message>
        <source>Errors e</source>
        <translation>Erreurs e</translation>
    </message>
    <message>
        <source>Torques</source>
        <translation>Couples</translation>
    </message>
    <message>
        <source>Friction</source>
        <translation>Frottements</translation>
    </message>
    <message>
        <source>Tool pose</source>
        <translation>Situation de l&apos;outil</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Énergie</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Temps de calcul</translation>
    </message>
    <message>
        <source>The control panel shows another kind of scene: reload the scene</source>
        <translation>Le panneau de commande montre une autre sorte de scène : rechargez la scène</translation>
    </message>
    <message>
        <source>Controller %1: this scene cannot run a %2 controller; remove it</source>
        <translation>Correcteur %1 : cette scène ne peut pas exécuter un correcteur %2 ; supprimez-le</translation>
    </message>
    <message>
        <source>Controller %1 added, gains from the response time Tr = %2 s (Kp of %3: %4); edit them under Gains</source>
        <translation>Correcteur %1 ajouté, gains tirés du temps de réponse Tr = %2 s (%3 : Kp = %4) ; modifiez-les dans « Gains »</translation>
    </message>
    <message>
        <source>The control panel does not show a joint-space scene: reload the scene</source>
        <translation>Le panneau de commande ne montre pas une scène dans l&apos;espace articulaire : rechargez la scène</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::EthercatPanel</name>
    <message>
        <source>Backend</source>
        <translation>Cible</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>EtherCAT</source>
        <translation>EtherCAT</translation>
    </message>
    <message>
        <source>Runs drive the simulated plant of the scene.</source>
        <translation>Les exécutions pilotent le procédé simulé de la scène.</translation>
    </message>
    <message>
        <source>Runs drive CiA 402 drives over EtherCAT: the interface below, or the in-process virtual drives.</source>
        <translation>Les exécutions pilotent des variateurs CiA 402 via EtherCAT : l&apos;interface ci-dessous, ou les variateurs virtuels internes au processus.</translation>
    </message>
    <message>
        <source>EtherCAT bus</source>
        <translation>Bus EtherCAT</translation>
    </message>
    <message>
        <source>Interface:</source>
        <translation>Interface :</translation>
    </message>
    <message>
        <source>In-process virtual drives (no privileges)</source>
        <translation>Variateurs virtuels internes au processus (sans privilèges)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <source>List the host&apos;s network interfaces again</source>
        <translation>Liste à nouveau les interfaces réseau de la machine</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Mode :</translation>
    </message>
    <message>
        <source>CST: cyclic synchronous torque (the controller&apos;s torque)</source>
        <translation>CST : couple synchrone cyclique (le couple du correcteur)</translation>
    </message>
    <message>
        <source>CSP: cyclic synchronous position (the drives&apos; own loop)</source>
        <translation>CSP : position synchrone cyclique (la boucle propre des variateurs)</translation>
    </message>
    <message>
        <source>Cycle:</source>
        <translation>Cycle :</translation>
    </message>
    <message>
        <source>Control period of the scene</source>
        <translation>Période de commande de la scène</translation>
    </message>
    <message>
        <source>%1 Hz (%2 ms)</source>
        <translation>%1 Hz (%2 ms)</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scanner</translation>
    </message>
    <message>
        <source>Count the slaves and read their identity, AL state and CiA 402 state</source>
        <translation>Compte les esclaves et lit leur identité, leur état AL et leur état CiA 402</translation>
    </message>
    <message>
        <source>Start bus</source>
        <translation>Démarrer le bus</translation>
    </message>
    <message>
        <source>Bring the slaves to OP and start the cyclic exchange (drives disabled)</source>
        <translation>Passe les esclaves en OP et démarre l&apos;échange cyclique (variateurs désactivés)</translation>
    </message>
    <message>
        <source>Stop bus</source>
        <translation>Arrêter le bus</translation>
    </message>
    <message>
        <source>Stop the cyclic exchange and return the slaves to INIT</source>
        <translation>Arrête l&apos;échange cyclique et ramène les esclaves en INIT</translation>
    </message>
    <message>
        <source>Enable drives</source>
        <translation>Activer les variateurs</translation>
    </message>
    <message>
        <source>CSP only, outside a run: the drives hold their position</source>
        <translation>CSP uniquement, hors exécution : les variateurs maintiennent leur position</translation>
    </message>
    <message>
        <source>Disable drives</source>
        <translation>Désactiver les variateurs</translation>
    </message>
    <message>
        <source>Disable the drives (brakes close); during a run: quick stop, the run ends</source>
        <translation>Désactive les variateurs (les freins se ferment) ; pendant une exécution : arrêt rapide, l&apos;exécution prend fin</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>Défauts</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Réarmer</translation>
    </message>
    <message>
        <source>Acknowledge the fault, bring the slaves back to OP and reset the drive faults</source>
        <translation>Acquitte le défaut, ramène les esclaves en OP et réarme les défauts des variateurs</translation>
    </message>
    <message>
        <source>Inject into the virtual drives:</source>
        <translation>Injecter dans les variateurs virtuels :</translation>
    </message>
    <message>
        <source>drop:F, drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N, link-down, refuse:N:STATE[:CODE], each with an optional @CYCLES start (slaves numbered from 1)</source>
        <translation>drop:F, drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N, link-down, refuse:N:STATE[:CODE], chacun avec un début @CYCLES facultatif (esclaves numérotés à partir de 1)</translation>
    </message>
    <message>
        <source>Inject</source>
        <translation>Injecter</translation>
    </message>
    <message>
        <source>Slaves</source>
        <translation>Esclaves</translation>
    </message>
    <message>
        <source>#</source>
        <translation>N°</translation>
    </message>
    <message>
        <source>Station</source>
        <translation>Station</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Fabricant</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Produit</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>Révision</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>N° de série</translation>
    </message>
    <message>
        <source>AL state</source>
        <translation>État AL</translation>
    </message>
    <message>
        <source>AL status code</source>
        <translation>Code d&apos;état AL</translation>
    </message>
    <message>
        <source>CiA 402 state</source>
        <translation>État CiA 402</translation>
    </message>
    <message>
        <source>Error code</source>
        <translation>Code d&apos;erreur</translation>
    </message>
    <message>
        <source>Cycle statistics</source>
        <translation>Statistiques des cycles</translation>
    </message>
    <message>
        <source>Cycles:</source>
        <translation>Cycles :</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Période :</translation>
    </message>
    <message>
        <source>Period error:</source>
        <translation>Erreur de période :</translation>
    </message>
    <message>
        <source>Worst wake-up:</source>
        <translation>Pire retard de réveil :</translation>
    </message>
    <message>
        <source>Round trip:</source>
        <translation>Aller-retour :</translation>
    </message>
    <message>
        <source>Late / missed / lost / WKC:</source>
        <translation>En retard / manqués / perdus / WKC :</translation>
    </message>
    <message>
        <source>|period − nominal| (1 µs bins, log count)</source>
        <translation>|période − nominale| (classes de 1 µs, effectifs en échelle log)</translation>
    </message>
    <message>
        <source>no cycle yet</source>
        <translation>aucun cycle pour l&apos;instant</translation>
    </message>
    <message>
        <source>over</source>
        <translation>au-delà</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>busy: %1</source>
        <translation>occupé : %1</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>Échec de « %1 » : %2</translation>
    </message>
    <message>
        <source>no bus (scan or start it first)</source>
        <translation>pas de bus (scannez-le ou démarrez-le d&apos;abord)</translation>
    </message>
    <message>
        <source>drives disabled from the EtherCAT panel (quick stop)</source>
        <translation>variateurs désactivés depuis le panneau EtherCAT (arrêt rapide)</translation>
    </message>
    <message>
        <source>no bus to reset</source>
        <translation>pas de bus à réarmer</translation>
    </message>
    <message>
        <source>no bus: start the in-process virtual drives first</source>
        <translation>pas de bus : démarrez d&apos;abord les variateurs virtuels internes au processus</translation>
    </message>
    <message>
        <source>fault &apos;%1&apos;: %2</source>
        <translation>défaut « %1 » : %2</translation>
    </message>
    <message>
        <source>No fault.</source>
        <translation>Aucun défaut.</translation>
    </message>
    <message>
        <source>nominal %1 µs, mean %2 µs</source>
        <translation>nominale %1 µs, moyenne %2 µs</translation>
    </message>
    <message>
        <source>median %1 µs, p99 %2 µs, worst %3 µs</source>
        <translation>médiane %1 µs, p99 %2 µs, pire %3 µs</translation>
    </message>
    <message>
        <source>%1 µs after the deadline</source>
        <translation>%1 µs après l&apos;échéance</translation>
    </message>
    <message>
        <source>mean %1 µs, worst %2 µs</source>
        <translation>moyenne %1 µs, pire %2 µs</translation>
    </message>
    <message>
        <source>%1 / %2 / %3 / %4</source>
        <translation>%1 / %2 / %3 / %4</translation>
    </message>
    <message>
        <source>No bus. Scan or start it (the in-process virtual drives need no privileges).</source>
        <translation>Pas de bus. Scannez-le ou démarrez-le (les variateurs virtuels internes au processus ne nécessitent aucun privilège).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>, cycling at %1 Hz</source>
        <translation>, en cycle à %1 Hz</translation>
    </message>
    <message>
        <source>, drives enabled</source>
        <translation>, variateurs activés</translation>
    </message>
    <message>
        <source>, drives disabled</source>
        <translation>, variateurs désactivés</translation>
    </message>
    <message>
        <source>, a run uses the bus</source>
        <translation>, une exécution utilise le bus</translation>
    </message>
    <message>
        <source>%1 … (%2)</source>
        <translation>%1 … (%2)</translation>
    </message>
    <message>
        <source>Process data</source>
        <translation>Données process</translation>
    </message>
    <message>
        <source>System time difference</source>
        <translation>Écart de temps système</translation>
    </message>
    <message>
        <source>Output / input bytes of the drive&apos;s process data, and where the mapping came from</source>
        <translation>Octets de sortie / d&apos;entrée des données process du variateur, et l&apos;origine du mapping</translation>
    </message>
    <message>
        <source>Distributed clocks: the slave&apos;s system time difference to the reference clock (register 0x092C), last and largest since the statistics restarted</source>
        <translation>Horloges distribuées : écart du temps système de l&apos;esclave à l&apos;horloge de référence (registre 0x092C), dernier et plus grand depuis la remise à zéro des statistiques</translation>
    </message>
    <message>
        <source>Object dictionary</source>
        <translation>Dictionnaire d&apos;objets</translation>
    </message>
    <message>
        <source>Distributed clocks:</source>
        <translation>Horloges distribuées :</translation>
    </message>
    <message>
        <source>%1 / %2 bytes</source>
        <translation>%1 / %2 octets</translation>
    </message>
    <message>
        <source>%1 ns (largest %2 ns)</source>
        <translation>%1 ns (au plus %2 ns)</translation>
    </message>
    <message>
        <source>, reference clock</source>
        <translation>, horloge de référence</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>issu de %1</translation>
    </message>
    <message>
        <source>drive profile: %1</source>
        <translation>profil de variateur : %1</translation>
    </message>
    <message>
        <source>not in use</source>
        <translation>non utilisées</translation>
    </message>
    <message>
        <source>reference slave %1, |Δt| ≤ %2 ns, cycle vs DC time %3 µs (largest %4 µs)</source>
        <translation>esclave de référence %1, |Δt| ≤ %2 ns, cycle par rapport au temps DC %3 µs (au plus %4 µs)</translation>
    </message>
    <message>
        <source>slave %1 (%2)</source>
        <translation>esclave %1 (%2)</translation>
    </message>
    <message>
        <source>slave %1</source>
        <translation>esclave %1</translation>
    </message>
    <message>
        <source>Emergencies (%1)</source>
        <translation>Urgences (%1)</translation>
    </message>
    <message>
        <source>Emergencies</source>
        <translation>Urgences</translation>
    </message>
    <message>
        <source>A raw socket on a host interface needs root or CAP_NET_RAW: without root, grant ManipLab cap_net_raw, cap_sys_nice and cap_ipc_lock once with &apos;sudo scripts/grant-capabilities.sh&apos; (the cyclic thread then also gets SCHED_FIFO and locked memory). The in-process virtual drives need no privileges (the whole path: master, frames, virtual slaves, simulated plant).</source>
        <translation>Un socket brut sur une interface de la machine nécessite root ou CAP_NET_RAW : sans root, accordez une fois à ManipLab cap_net_raw, cap_sys_nice et cap_ipc_lock avec « sudo scripts/grant-capabilities.sh » (le thread cyclique obtient alors aussi SCHED_FIFO et la mémoire verrouillée). Les variateurs virtuels internes au processus ne nécessitent aucun privilège (tout le chemin : maître, trames, esclaves virtuels, procédé simulé).</translation>
    </message>
    <message>
        <source>Loss budget and latency</source>
        <translation>Tolérance aux pertes et latence</translation>
    </message>
    <message>
        <source>Longest time without a good cycle:</source>
        <translation>Plus longue durée sans cycle correct :</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>default (a quarter of the shortest drive watchdog, at most 25 ms)</source>
        <translation>par défaut (le quart du plus court chien de garde des variateurs, au plus 25 ms)</translation>
    </message>
    <message>
        <source>Lost, late or incomplete cycles are counted, timed and marked on the scope while the run goes on; a run stops safely when no good cycle came for longer than this. Keep it well inside the drives&apos; process-data watchdog (registers 0x0400/0x0420), which stops them on their own. Saved with the scene.</source>
        <translation>Les cycles perdus, en retard ou incomplets sont comptés, datés et marqués sur l&apos;oscilloscope sans interrompre l&apos;exécution ; une exécution s&apos;arrête en sécurité quand aucun cycle correct n&apos;est arrivé pendant plus longtemps que cette durée. Gardez-la nettement en deçà du chien de garde des données process des variateurs (registres 0x0400/0x0420), qui les arrête d&apos;eux-mêmes. Enregistrée avec la scène.</translation>
    </message>
    <message>
        <source>Bad cycles per second:</source>
        <translation>Cycles incorrects par seconde :</translation>
    </message>
    <message>
        <source>default (a tenth of the cycles)</source>
        <translation>par défaut (un dixième des cycles)</translation>
    </message>
    <message>
        <source>A run stops safely when more bad cycles than this fall within one second. Saved with the scene.</source>
        <translation>Une exécution s&apos;arrête en sécurité quand plus de cycles incorrects que ce nombre surviennent en une seconde. Enregistré avec la scène.</translation>
    </message>
    <message>
        <source>Check this PC for:</source>
        <translation>Vérifier ce PC pendant :</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long the master&apos;s cyclic thread is measured</source>
        <translation>Durée de la mesure du thread cyclique du maître</translation>
    </message>
    <message>
        <source>Check this PC</source>
        <translation>Vérifier ce PC</translation>
    </message>
    <message>
        <source>Run the master&apos;s own cyclic thread at the selected cycle on the selected interface (or the in-process virtual drives), drives disabled, and judge whether the cycle and the loss budget will hold, as &apos;maniplab-cli ecat-latency&apos; does</source>
        <translation>Exécute le thread cyclique du maître au cycle choisi sur l&apos;interface choisie (ou les variateurs virtuels internes au processus), variateurs désactivés, et juge si le cycle et la tolérance aux pertes tiendront, comme « maniplab-cli ecat-latency »</translation>
    </message>
    <message>
        <source>In force once the bus is started.</source>
        <translation>En vigueur une fois le bus démarré.</translation>
    </message>
    <message>
        <source>In force: %1 ms without a good cycle, %2 bad cycles per second</source>
        <translation>En vigueur : %1 ms sans cycle correct, %2 cycles incorrects par seconde</translation>
    </message>
    <message>
        <source>; shortest drive watchdog %1 ms (slave %2)</source>
        <translation> ; plus court chien de garde des variateurs %1 ms (esclave %2)</translation>
    </message>
    <message>
        <source>; bad cycles %1, longest time without a good cycle %2 ms</source>
        <translation> ; cycles incorrects %1, plus longue durée sans cycle correct %2 ms</translation>
    </message>
    <message>
        <source>Latency check failed: %1</source>
        <translation>Échec de la vérification de latence : %1</translation>
    </message>
    <message>
        <source>fit</source>
        <translation>apte</translation>
    </message>
    <message>
        <source>marginal</source>
        <translation>limite</translation>
    </message>
    <message>
        <source>unfit</source>
        <translation>inapte</translation>
    </message>
    <message>
        <source>Verdict: %1 — %2</source>
        <translation>Verdict : %1 — %2</translation>
    </message>
    <message>
        <source>%1, %2 cycles of %3 µs: wake-up latency worst %4 µs; |period error| p99 %5 µs, worst %6 µs; round trip mean %7 µs, worst %8 µs; bad cycles %9</source>
        <translation>%1, %2 cycles de %3 µs : pire retard de réveil %4 µs ; |erreur de période| p99 %5 µs, pire %6 µs ; aller-retour moyen %7 µs, pire %8 µs ; cycles incorrects %9</translation>
    </message>
    <message>
        <source>, longest time without a good cycle %1 ms (budget %2 ms)</source>
        <translation>, plus longue durée sans cycle correct %1 ms (tolérance %2 ms)</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>Conseil : %1</translation>
    </message>
    <message>
        <source>Latency check</source>
        <translation>Vérification de latence</translation>
    </message>
    <message>
        <source>the bus on %1 is open: stop it first (Stop bus), the check needs the interface to itself</source>
        <translation>le bus sur %1 est ouvert : arrêtez-le d&apos;abord (Arrêter le bus), la vérification a besoin de l&apos;interface pour elle seule</translation>
    </message>
    <message>
        <source>Installed from the Debian package, ManipLab drives a bus without root for the members of the group maniplab-ethercat: the administrator runs &apos;sudo adduser USER maniplab-ethercat&apos;, and USER logs in again.</source>
        <translation>Installé depuis le paquet Debian, ManipLab pilote un bus sans root pour les membres du groupe maniplab-ethercat : l&apos;administrateur exécute « sudo adduser UTILISATEUR maniplab-ethercat », puis UTILISATEUR se reconnecte.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::IdentificationPanel</name>
    <message>
        <source>Identify from a CSV trace</source>
        <translation>Identifier à partir d&apos;une trace CSV</translation>
    </message>
    <message>
        <source>CSV traces (*.csv);;All files (*)</source>
        <translation>Traces CSV (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Base parameters: %1</source>
        <translation>Paramètres de base : %1</translation>
    </message>
    <message>
        <source>Identifying...</source>
        <translation>Identification en cours...</translation>
    </message>
    <message>
        <source>Identification failed: %1</source>
        <translation>Échec de l&apos;identification : %1</translation>
    </message>
    <message>
        <source>%1 model: %2 base parameters from %3 samples (%4 equations); condition number %5; relative residual %6 %</source>
        <translation>Modèle %1 : %2 paramètres de base à partir de %3 échantillons (%4 équations) ; conditionnement %5 ; résidu relatif %6 %</translation>
    </message>
    <message>
        <source>Identification done (%1 model, condition number %2)</source>
        <translation>Identification terminée (modèle %1, conditionnement %2)</translation>
    </message>
    <message>
        <source>Base parameter</source>
        <translation>Paramètre de base</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>Expression</translation>
    </message>
    <message>
        <source>True value</source>
        <translation>Valeur vraie</translation>
    </message>
    <message>
        <source>Identified</source>
        <translation>Identifié</translation>
    </message>
    <message>
        <source>σ relative %</source>
        <translation>σ relatif %</translation>
    </message>
    <message>
        <source>measured τ%1</source>
        <translation>τ%1 mesuré</translation>
    </message>
    <message>
        <source>predicted Y_B π_B</source>
        <translation>prédit Y_B π_B</translation>
    </message>
    <message>
        <source>t [s]</source>
        <translation>t [s]</translation>
    </message>
    <message>
        <source>torque [N m or N]</source>
        <translation>couple [N m ou N]</translation>
    </message>
    <message>
        <source>Save the excitation scene</source>
        <translation>Enregistrer la scène d&apos;excitation</translation>
    </message>
    <message>
        <source>Scenes (*.json)</source>
        <translation>Scènes (*.json)</translation>
    </message>
    <message>
        <source>Optimising the excitation (condition number of the observation matrix)...</source>
        <translation>Optimisation de l&apos;excitation (conditionnement de la matrice d&apos;observation)...</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <source>Excitation saved (condition number %1, feasible: %2). Run it, then identify.</source>
        <translation>Excitation enregistrée (conditionnement %1, réalisable : %2). Lancez-la, puis identifiez.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>Excitation failed: %1</source>
        <translation>Échec de l&apos;excitation : %1</translation>
    </message>
    <message>
        <source>%1 base parameters (Belkoura 1993 rules; the count formula gives %2 inertial ones) for %3</source>
        <translation>%1 paramètres de base (règles de Belkoura 1993 ; la formule de dénombrement donne %2 paramètres inertiels) pour %3</translation>
    </message>
    <message>
        <source>No robot</source>
        <translation>Aucun robot</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modèle :</translation>
    </message>
    <message>
        <source>Dynamic model (weighted least squares)</source>
        <translation>Modèle dynamique (moindres carrés pondérés)</translation>
    </message>
    <message>
        <source>Energy model (no accelerations)</source>
        <translation>Modèle énergétique (sans accélérations)</translation>
    </message>
    <message>
        <source>Generate an excitation scene...</source>
        <translation>Générer une scène d&apos;excitation...</translation>
    </message>
    <message>
        <source>Identify the last run</source>
        <translation>Identifier la dernière simulation</translation>
    </message>
    <message>
        <source>Identify a CSV trace...</source>
        <translation>Identifier une trace CSV...</translation>
    </message>
    <message>
        <source>Compare computed torque before / after</source>
        <translation>Comparer le couple calculé avant / après</translation>
    </message>
    <message>
        <source>Use the identified model in the model-based controllers</source>
        <translation>Utiliser le modèle identifié dans les commandes à base de modèle</translation>
    </message>
    <message>
        <source>Torques of joint</source>
        <translation>Couples de l&apos;articulation</translation>
    </message>
    <message>
        <source>Run an exciting trajectory (or load a trace), then identify.</source>
        <translation>Lancez une trajectoire excitante (ou chargez une trace), puis identifiez.</translation>
    </message>
    <message>
        <source>%1 base parameters for %2, a tree (the rules on each branch, Khalil &amp; Dombre 2002)</source>
        <translation>%1 paramètres de base pour %2, un arbre (les règles sur chaque branche, Khalil &amp; Dombre 2002)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MainWindow</name>
    <message>
        <source>untitled</source>
        <translation>sans titre</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>A simulation is already running</source>
        <translation>Une simulation est déjà en cours</translation>
    </message>
    <message>
        <source>No controller is selected in the control panel</source>
        <translation>Aucun correcteur n&apos;est sélectionné dans le panneau de commande</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
    </message>
    <message>
        <source>Run cancelled</source>
        <translation>Simulation annulée</translation>
    </message>
    <message numerus="yes">
        <source>Run finished (%n controller(s))</source>
        <translation>
            <numerusform>Simulation terminée (%n correcteur)</numerusform>
            <numerusform>Simulation terminée (%n correcteurs)</numerusform>
        </translation>
    </message>
    <message>
        <source>No run to export: run the simulation first</source>
        <translation>Rien à exporter : lancez d&apos;abord la simulation</translation>
    </message>
    <message>
        <source>Export the last run as CSV</source>
        <translation>Exporter la dernière simulation en CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>%1: traces of %2 written</source>
        <translation>%1 : traces de %2 écrites</translation>
    </message>
    <message>
        <source>Export the plot</source>
        <translation>Exporter le graphique</translation>
    </message>
    <message>
        <source>Images (*.png *.svg)</source>
        <translation>Images (*.png *.svg)</translation>
    </message>
    <message>
        <source>Plot written to %1</source>
        <translation>Graphique écrit dans %1</translation>
    </message>
    <message>
        <source>%1: cannot export the plot: %2</source>
        <translation>%1 : impossible d&apos;exporter le graphique : %2</translation>
    </message>
    <message>
        <source>Export the comparison table</source>
        <translation>Exporter le tableau comparatif</translation>
    </message>
    <message>
        <source>Comparison table written to %1</source>
        <translation>Tableau comparatif écrit dans %1</translation>
    </message>
    <message>
        <source>Equations in use</source>
        <translation>Équations utilisées</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Robot dynamics (Llibre, Mampey &amp; Chrétien 1983 §II, §IV)&lt;/h3&gt;&lt;p&gt;M(q) q̈ + C(q, q̇) q̇ + G(q) + τ&lt;sub&gt;f&lt;/sub&gt;(q̇) = τ, with the rotor inertias of the actuators; simulated as q̈ = M&lt;sup&gt;-1&lt;/sup&gt;(τ − Q(q, q̇, 0)) (Cholesky or articulated bodies).&lt;/p&gt;&lt;p&gt;Friction: τ&lt;sub&gt;f&lt;/sub&gt; = F&lt;sub&gt;v&lt;/sub&gt; q̇ + F&lt;sub&gt;c&lt;/sub&gt; sign(q̇).&lt;/p&gt;&lt;h3&gt;Independent-joint PID&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;i&lt;/sub&gt; ∫e dt − K&lt;sub&gt;d&lt;/sub&gt; q̇&lt;sub&gt;f&lt;/sub&gt;, e = q&lt;sub&gt;d&lt;/sub&gt; − q, filtered derivative on the measurement, anti-windup, saturation.&lt;/p&gt;&lt;h3&gt;PD + gravity&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;d&lt;/sub&gt; ė + Ĝ(q).&lt;/p&gt;&lt;h3&gt;Computed torque (Zanaboni 2009, eqs 7.1–7.8)&lt;/h3&gt;&lt;p&gt;τ = M̂(q) (q̈&lt;sub&gt;d&lt;/sub&gt; + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ friction compensation); error dynamics ë + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e = 0.&lt;/p&gt;&lt;h3&gt;Gain design (eqs 7.9–7.17)&lt;/h3&gt;&lt;p&gt;K&lt;sub&gt;p&lt;/sub&gt; = ω&lt;sub&gt;n&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = 2 ζ ω&lt;sub&gt;n&lt;/sub&gt;; or with the response time T&lt;sub&gt;r&lt;/sub&gt; (5 %): λ&lt;sub&gt;0&lt;/sub&gt; = −4.73 / T&lt;sub&gt;r&lt;/sub&gt;, K&lt;sub&gt;p&lt;/sub&gt; = λ&lt;sub&gt;0&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = −2 λ&lt;sub&gt;0&lt;/sub&gt;.&lt;/p&gt;&lt;h3&gt;Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)&lt;/h3&gt;&lt;p&gt;E − E&lt;sub&gt;0&lt;/sub&gt; − W = 0 (drift channel E_drift).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Dynamique du robot (Llibre, Mampey &amp; Chrétien 1983 §II, §IV)&lt;/h3&gt;&lt;p&gt;M(q) q̈ + C(q, q̇) q̇ + G(q) + τ&lt;sub&gt;f&lt;/sub&gt;(q̇) = τ, avec les inerties des rotors des actionneurs ; simulée par q̈ = M&lt;sup&gt;-1&lt;/sup&gt;(τ − Q(q, q̇, 0)) (Cholesky ou corps articulés).&lt;/p&gt;&lt;p&gt;Frottements : τ&lt;sub&gt;f&lt;/sub&gt; = F&lt;sub&gt;v&lt;/sub&gt; q̇ + F&lt;sub&gt;c&lt;/sub&gt; sign(q̇).&lt;/p&gt;&lt;h3&gt;PID articulaire indépendant&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;i&lt;/sub&gt; ∫e dt − K&lt;sub&gt;d&lt;/sub&gt; q̇&lt;sub&gt;f&lt;/sub&gt;, e = q&lt;sub&gt;d&lt;/sub&gt; − q, dérivée filtrée sur la mesure, anti-emballement, saturation.&lt;/p&gt;&lt;h3&gt;PD + gravité&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;d&lt;/sub&gt; ė + Ĝ(q).&lt;/p&gt;&lt;h3&gt;Couple calculé (Zanaboni 2009, éq. 7.1–7.8)&lt;/h3&gt;&lt;p&gt;τ = M̂(q) (q̈&lt;sub&gt;d&lt;/sub&gt; + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ compensation des frottements) ; dynamique de l&apos;erreur ë + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e = 0.&lt;/p&gt;&lt;h3&gt;Réglage des gains (éq. 7.9–7.17)&lt;/h3&gt;&lt;p&gt;K&lt;sub&gt;p&lt;/sub&gt; = ω&lt;sub&gt;n&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = 2 ζ ω&lt;sub&gt;n&lt;/sub&gt; ; ou avec le temps de réponse T&lt;sub&gt;r&lt;/sub&gt; (5 %) : λ&lt;sub&gt;0&lt;/sub&gt; = −4,73 / T&lt;sub&gt;r&lt;/sub&gt;, K&lt;sub&gt;p&lt;/sub&gt; = λ&lt;sub&gt;0&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = −2 λ&lt;sub&gt;0&lt;/sub&gt;.&lt;/p&gt;&lt;h3&gt;Bilan d&apos;énergie (Llibre, Mampey &amp; Chrétien 1983 §IV.2)&lt;/h3&gt;&lt;p&gt;E − E&lt;sub&gt;0&lt;/sub&gt; − W = 0 (voie de dérive E_drift).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>Recent &amp;files</source>
        <translation>Fichiers &amp;récents</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>S&amp;peed</source>
        <translation>&amp;Vitesse</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;ide</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Nouveau</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>&amp;Ouvrir...</translation>
    </message>
    <message>
        <source>&amp;Save robot</source>
        <translation>&amp;Enregistrer le robot</translation>
    </message>
    <message>
        <source>Save robot &amp;as...</source>
        <translation>Enregistrer le robot &amp;sous...</translation>
    </message>
    <message>
        <source>Last run as &amp;CSV...</source>
        <translation>Dernière simulation en &amp;CSV...</translation>
    </message>
    <message>
        <source>&amp;Plot image...</source>
        <translation>&amp;Image du graphique...</translation>
    </message>
    <message>
        <source>Comparison &amp;table (CSV)...</source>
        <translation>&amp;Tableau comparatif (CSV)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Single s&amp;tep</source>
        <translation>&amp;Pas à pas</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>&amp;Réinitialiser</translation>
    </message>
    <message>
        <source>x0.1</source>
        <translation>x0,1</translation>
    </message>
    <message>
        <source>x0.5</source>
        <translation>x0,5</translation>
    </message>
    <message>
        <source>x1 (real time)</source>
        <translation>x1 (temps réel)</translation>
    </message>
    <message>
        <source>x2</source>
        <translation>x2</translation>
    </message>
    <message>
        <source>x10</source>
        <translation>x10</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>Aussi vite que possible</translation>
    </message>
    <message>
        <source>Show &amp;frames</source>
        <translation>Afficher les &amp;repères</translation>
    </message>
    <message>
        <source>Show centres of &amp;mass</source>
        <translation>Afficher les centres de &amp;masse</translation>
    </message>
    <message>
        <source>Show joint &amp;axes</source>
        <translation>Afficher les &amp;axes articulaires</translation>
    </message>
    <message>
        <source>&amp;About ManipLab</source>
        <translation>À &amp;propos de ManipLab</translation>
    </message>
    <message>
        <source>&amp;Equations in use</source>
        <translation>É&amp;quations utilisées</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Barre d&apos;outils principale</translation>
    </message>
    <message>
        <source>Control panel</source>
        <translation>Panneau de commande</translation>
    </message>
    <message>
        <source>Oscilloscope</source>
        <translation>Oscilloscope</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Mesures</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Open a scene or a robot</source>
        <translation>Ouvrir une scène ou un robot</translation>
    </message>
    <message>
        <source>About ManipLab</source>
        <translation>À propos de ManipLab</translation>
    </message>
    <message>
        <source>Cannot open the start scene %1</source>
        <translation>Impossible d&apos;ouvrir la scène de départ %1</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1 : fichier inexistant</translation>
    </message>
    <message>
        <source>%1: cannot read the file</source>
        <translation>%1 : impossible de lire le fichier</translation>
    </message>
    <message>
        <source>%1: the scene was not loaded (see the messages above)</source>
        <translation>%1 : la scène n&apos;a pas été chargée (voir les messages ci-dessus)</translation>
    </message>
    <message>
        <source>Scene %1 loaded (%2)</source>
        <translation>Scène %1 chargée (%2)</translation>
    </message>
    <message>
        <source>%1: the robot was not loaded (see the messages above)</source>
        <translation>%1 : le robot n&apos;a pas été chargé (voir les messages ci-dessus)</translation>
    </message>
    <message numerus="yes">
        <source>Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))</source>
        <translation>
            <numerusform>Robot %1 chargé dans la scène courante (la trajectoire et les gains doivent correspondre à son articulation)</numerusform>
            <numerusform>Robot %1 chargé dans la scène courante (la trajectoire et les gains doivent correspondre à ses %n articulations)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>Run at least two controllers to compare them</source>
        <translation>Lancez au moins deux correcteurs pour les comparer</translation>
    </message>
    <message>
        <source>The runs did not record the joint errors (record group &quot;error&quot;)</source>
        <translation>Les simulations n’ont pas enregistré les erreurs articulaires (groupe d’enregistrement &quot;error&quot;)</translation>
    </message>
    <message>
        <source>&amp;Compare the controllers on the scope</source>
        <translation>&amp;Comparer les correcteurs sur l’oscilloscope</translation>
    </message>
    <message>
        <source>&amp;Algorithms and operation counts</source>
        <translation>&amp;Algorithmes et nombres d&apos;opérations</translation>
    </message>
    <message>
        <source>%1 imported: File &gt; Save As writes it as a ManipLab robot file</source>
        <translation>%1 importé : Fichier &gt; Enregistrer le robot sous l&apos;enregistre comme fichier robot ManipLab</translation>
    </message>
    <message>
        <source>Guided sequential identification: %1</source>
        <translation>Identification séquentielle guidée : %1</translation>
    </message>
    <message>
        <source>&amp;Import URDF...</source>
        <translation>&amp;Importer un URDF...</translation>
    </message>
    <message>
        <source>Load a URDF robot (ROS, vendors) into the current scene</source>
        <translation>Charge un robot URDF (ROS, constructeurs) dans la scène courante</translation>
    </message>
    <message>
        <source>&amp;Guided sequential identification (TH8)...</source>
        <translation>Identification séquentielle &amp;guidée (TH8)...</translation>
    </message>
    <message>
        <source>Belkoura&apos;s (1993) 14 tests on the current robot, one step at a time, in their corrected form</source>
        <translation>Les 14 essais de Belkoura 1993 sur le robot courant, une étape à la fois, sous leur forme corrigée</translation>
    </message>
    <message>
        <source>Conservation</source>
        <translation>Conservation</translation>
    </message>
    <message>
        <source>Scenes and robots (*.json *.urdf)</source>
        <translation>Scènes et robots (*.json *.urdf)</translation>
    </message>
    <message>
        <source>Import a URDF robot</source>
        <translation>Importer un robot URDF</translation>
    </message>
    <message>
        <source>URDF robots (*.urdf)</source>
        <translation>Robots URDF (*.urdf)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ManipLab %1&lt;/h3&gt;&lt;p&gt;Simulating, controlling and teaching the dynamics of robot manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive dynamics, independent-joint PID and computed-torque control, a free-floating base, the Orthoglide parallel robot, base-parameter identification and EtherCAT drives.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ManipLab %1&lt;/h3&gt;&lt;p&gt;Simuler, commander et enseigner la dynamique des robots manipulateurs : chaînes séries (DH, DH modifié, repères généraux, URDF), dynamique récursive exacte, PID articulaire indépendant et commande par couple calculé, base flottante libre, robot parallèle Orthoglide, identification des paramètres de base et variateurs EtherCAT.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1: the scene was not saved (an existing file is left unchanged): %2</source>
        <translation>%1 : la scène n&apos;a pas été enregistrée (un fichier existant reste inchangé) : %2</translation>
    </message>
    <message>
        <source>Scene saved to %1</source>
        <translation>Scène enregistrée dans %1</translation>
    </message>
    <message>
        <source>Save the scene</source>
        <translation>Enregistrer la scène</translation>
    </message>
    <message>
        <source>Scenes (*.json)</source>
        <translation>Scènes (*.json)</translation>
    </message>
    <message>
        <source>Joint %1</source>
        <translation>Articulation %1</translation>
    </message>
    <message>
        <source>Joints %1-%2</source>
        <translation>Articulations %1-%2</translation>
    </message>
    <message>
        <source>The scope shows %1 joints at a time: its Page selector shows the others</source>
        <translation>L&apos;oscilloscope affiche %1 articulations à la fois : son sélecteur « Page » donne accès aux autres</translation>
    </message>
    <message>
        <source>Write the robot of the chain editor to its robot file</source>
        <translation>Écrit le robot de l&apos;éditeur de chaîne dans son fichier robot</translation>
    </message>
    <message>
        <source>Save s&amp;cene</source>
        <translation>Enregistrer la s&amp;cène</translation>
    </message>
    <message>
        <source>Write the scene with the control panel&apos;s settings (trajectory, controllers, gains, rates...)</source>
        <translation>Écrit la scène avec les réglages du panneau de commande (trajectoire, correcteurs, gains, fréquences...)</translation>
    </message>
    <message>
        <source>Sa&amp;ve scene as...</source>
        <translation>Enregistrer la scène so&amp;us...</translation>
    </message>
    <message>
        <source>Show floor &amp;grid</source>
        <translation>Afficher la &amp;grille du sol</translation>
    </message>
    <message>
        <source>Show &amp;desired tool path</source>
        <translation>Afficher la trajectoire &amp;désirée de l&apos;outil</translation>
    </message>
    <message>
        <source>Show a&amp;ctual tool path</source>
        <translation>Afficher la trajectoire réell&amp;e de l&apos;outil</translation>
    </message>
    <message>
        <source>Fit to &amp;robot</source>
        <translation>&amp;Cadrer le robot</translation>
    </message>
    <message>
        <source>Frame the whole robot in the 3D view</source>
        <translation>Cadre tout le robot dans la vue 3D</translation>
    </message>
    <message>
        <source>Save the chain to %1 with File &gt; Save As before saving the scene</source>
        <translation>Enregistrez la chaîne jusqu’à %1 avec Fichier &gt; Enregistrer le robot sous avant d’enregistrer la scène</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>Mode &amp;présentation</translation>
    </message>
    <message>
        <source>Only the 3D view and the oscilloscope, full screen, with large fonts and time (F11 to leave)</source>
        <translation>Seulement la vue 3D et l&apos;oscilloscope, en plein écran, avec de grands caractères et le temps (F11 pour quitter)</translation>
    </message>
    <message>
        <source>Presentation</source>
        <translation>Présentation</translation>
    </message>
    <message>
        <source>Leave (F11)</source>
        <translation>Quitter (F11)</translation>
    </message>
    <message>
        <source>Leave the presentation mode and restore the window&apos;s layout</source>
        <translation>Quitter le mode présentation et rétablir la disposition de la fenêtre</translation>
    </message>
    <message>
        <source>Export the robot as URDF</source>
        <translation>Exporter le robot en URDF</translation>
    </message>
    <message>
        <source>%1: the URDF was not exported: %2</source>
        <translation>%1 : l&apos;URDF n&apos;a pas été exporté : %2</translation>
    </message>
    <message>
        <source>%1: the URDF was not exported (an existing file is left unchanged): %2</source>
        <translation>%1 : l&apos;URDF n&apos;a pas été exporté (un fichier existant reste inchangé) : %2</translation>
    </message>
    <message numerus="yes">
        <source>Robot exported as URDF to %1 (%n joint(s))</source>
        <translation>
            <numerusform>Robot exporté en URDF dans %1 (%n articulation)</numerusform>
            <numerusform>Robot exporté en URDF dans %1 (%n articulations)</numerusform>
        </translation>
    </message>
    <message>
        <source>Export &amp;URDF...</source>
        <translation>Exporter en &amp;URDF...</translation>
    </message>
    <message>
        <source>Write the robot as a URDF file (ROS and other tools read it)</source>
        <translation>Écrire le robot dans un fichier URDF (lu par ROS et d&apos;autres outils)</translation>
    </message>
    <message>
        <source>Resume the paused run</source>
        <translation>Reprend la simulation en pause</translation>
    </message>
    <message>
        <source>Run the selected controllers</source>
        <translation>Lance les correcteurs sélectionnés</translation>
    </message>
    <message>
        <source>Pause or resume the run in progress</source>
        <translation>Met en pause ou reprend la simulation en cours</translation>
    </message>
    <message>
        <source>Pause acts on a run in progress: start one with Run</source>
        <translation>Pause agit sur une simulation en cours : lancez-en une avec Lancer</translation>
    </message>
    <message>
        <source>Running: t = %1 s</source>
        <translation>En cours : t = %1 s</translation>
    </message>
    <message>
        <source>Running %1: t = %2 s</source>
        <translation>En cours, %1 : t = %2 s</translation>
    </message>
    <message>
        <source>Paused at t = %1 s: Run or Pause resumes</source>
        <translation>En pause à t = %1 s : Lancer ou Pause reprend</translation>
    </message>
    <message>
        <source>Finished: t = %1 s</source>
        <translation>Terminée : t = %1 s</translation>
    </message>
    <message>
        <source>Cancelled at t = %1 s</source>
        <translation>Annulée à t = %1 s</translation>
    </message>
    <message>
        <source>%1 and %2 side by side</source>
        <translation>%1 et %2 côte à côte</translation>
    </message>
    <message>
        <source>Scope: joint errors of %1 (solid) and %2 (dashed), one scale per joint</source>
        <translation>Oscilloscope : erreurs articulaires de %1 (trait plein) et de %2 (tirets), une échelle par articulation</translation>
    </message>
    <message>
        <source>error of joint %1</source>
        <translation>erreur art. %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every CSV file it exports names this version, the scene and the robot in its first line.&lt;/p&gt;&lt;p&gt;Qt %1. Robots and example scenes: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Chaque fichier CSV qu&apos;il exporte nomme cette version, la scène et le robot sur sa première ligne.&lt;/p&gt;&lt;p&gt;Qt %1. Robots et scènes d&apos;exemple : %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open &amp;example</source>
        <translation>Ouvrir un &amp;exemple</translation>
    </message>
    <message>
        <source>The unsaved edits could not be kept in the recovery file %1 (they would be lost if ManipLab ended abnormally; saving them is unaffected): %2</source>
        <translation>Les modifications non enregistrées n&apos;ont pas pu être conservées dans le fichier de récupération %1 (elles seraient perdues si ManipLab s&apos;arrêtait anormalement ; leur enregistrement n&apos;est pas affecté) : %2</translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>jamais enregistré</translation>
    </message>
    <message>
        <source>ManipLab did not end normally. Unsaved edits of that session were kept on %1:</source>
        <translation>ManipLab ne s&apos;est pas arrêté normalement. Les modifications non enregistrées de cette session ont été conservées le %1 :</translation>
    </message>
    <message>
        <source>• the scene &quot;%1&quot; (%2)</source>
        <translation>• la scène « %1 » (%2)</translation>
    </message>
    <message>
        <source>• the robot &quot;%1&quot; (%2) of the scene &quot;%3&quot;</source>
        <translation>• le robot « %1 » (%2) de la scène « %3 »</translation>
    </message>
    <message>
        <source>Recover unsaved edits</source>
        <translation>Récupérer les modifications non enregistrées</translation>
    </message>
    <message>
        <source>Restore them? They come back as unsaved edits of their files: save them to keep them. Discard deletes them.</source>
        <translation>Les restaurer ? Elles reviennent comme modifications non enregistrées de leurs fichiers : enregistrez-les pour les garder. Abandonner les supprime.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurer</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <source>The recovered edits were not restored (the recovery file %1 is kept): %2</source>
        <translation>Les modifications récupérées n&apos;ont pas été restaurées (le fichier de récupération %1 est conservé) : %2</translation>
    </message>
    <message>
        <source>the scene does not read (see the messages above)</source>
        <translation>la scène ne se lit pas (voir les messages ci-dessus)</translation>
    </message>
    <message>
        <source>its scene cannot be opened</source>
        <translation>sa scène ne peut pas être ouverte</translation>
    </message>
    <message>
        <source>Unsaved edits of %1 restored: save them to keep them</source>
        <translation>Modifications non enregistrées de %1 restaurées : enregistrez-les pour les garder</translation>
    </message>
    <message>
        <source>Save the tree with File &gt; Save As before saving the scene</source>
        <translation>Enregistrez l&apos;arbre par Fichier &gt; Enregistrer sous avant d&apos;enregistrer la scène</translation>
    </message>
    <message numerus="yes">
        <source>Robot %1 loaded into the current scene: its trajectory and gains, written for %2 joints, were fitted to the robot&apos;s %n joint(s) (new joints hold their home position with the last joint&apos;s gains): check them in the control panel</source>
        <translation>
            <numerusform>Robot %1 chargé dans la scène courante : sa trajectoire et ses gains, écrits pour %2 articulations, ont été ajustés au robot, qui a %n articulation (les nouvelles articulations restent à leur position de repos avec les gains de la dernière) : vérifiez-les dans le panneau de commande</numerusform>
            <numerusform>Robot %1 chargé dans la scène courante : sa trajectoire et ses gains, écrits pour %2 articulations, ont été ajustés au robot, qui a %n articulations (les nouvelles articulations restent à leur position de repos avec les gains de la dernière) : vérifiez-les dans le panneau de commande</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MessageArea</name>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MetricsView</name>
    <message>
        <source>no run to export</source>
        <translation>aucune simulation à exporter</translation>
    </message>
    <message>
        <source>Export comparison table</source>
        <translation>Exporter le tableau comparatif</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Comparison table written to %1</source>
        <translation>Tableau comparatif écrit dans %1</translation>
    </message>
    <message>
        <source>Cannot export the comparison table: %1</source>
        <translation>Impossible d&apos;exporter le tableau comparatif : %1</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>Exporter en CSV...</translation>
    </message>
    <message>
        <source>max |e|</source>
        <translation>max |e|</translation>
    </message>
    <message>
        <source>RMS e</source>
        <translation>e eff.</translation>
    </message>
    <message>
        <source>e steady</source>
        <translation>e permanent</translation>
    </message>
    <message>
        <source>rel. %</source>
        <translation>rel. %</translation>
    </message>
    <message>
        <source>RMS torque</source>
        <translation>couple eff.</translation>
    </message>
    <message>
        <source>peak torque</source>
        <translation>couple crête</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>articulation %1</translation>
    </message>
    <message>
        <source>no sample was recorded</source>
        <translation>aucun échantillon n&apos;a été enregistré</translation>
    </message>
    <message>
        <source>the run stopped before the end of the segment</source>
        <translation>la simulation s&apos;est arrêtée avant la fin du segment</translation>
    </message>
    <message>
        <source>the displacement of the move is below the threshold %1 (rad or m): too small a move to divide by</source>
        <translation>le déplacement du mouvement est inférieur au seuil %1 (rad ou m) : un mouvement trop petit pour qu&apos;on divise par lui</translation>
    </message>
    <message>
        <source>Tracking metrics</source>
        <translation>Métriques de suivi</translation>
    </message>
    <message>
        <source>Computed online at the full control rate for each controller. Joint values in rad (revolute) or m (prismatic), torques in N m or N; Cartesian axes phi, theta, psi (Euler X-Y-Z angles, rad) and X, Y, Z (m). Source: Zanaboni 2009, chapter 10.</source>
        <translation>Calculées en ligne à la pleine cadence de commande pour chaque correcteur. Valeurs articulaires en rad (rotoïde) ou m (prismatique), couples en N m ou N ; axes cartésiens phi, theta, psi (angles d&apos;Euler X-Y-Z, rad) et X, Y, Z (m). Source : Zanaboni 2009, chapitre 10.</translation>
    </message>
    <message>
        <source>displacement</source>
        <translation>déplacement</translation>
    </message>
    <message>
        <source>segment</source>
        <translation>segment</translation>
    </message>
    <message>
        <source>rel. to final %</source>
        <translation>rel. à la finale %</translation>
    </message>
    <message>
        <source>largest absolute tracking error over the run (Zanaboni 2009, Tables 10.3 and 10.4, maximum deviation). Joint error e = desired - actual; Cartesian error e = actual - desired (Table 10.2), Euler angles wrapped to [-pi, pi].</source>
        <translation>plus grande erreur de suivi absolue sur la simulation (Zanaboni 2009, tableaux 10.3 et 10.4, déviation maximale). Erreur articulaire e = désiré - mesuré ; erreur cartésienne e = mesuré - désiré (tableau 10.2), angles d&apos;Euler ramenés dans [-pi, pi].</translation>
    </message>
    <message>
        <source>root mean square of the error over the run, weighted by time: sqrt(sum e^2 dt / sum dt) (an addition: the thesis has no RMS).</source>
        <translation>moyenne quadratique de l&apos;erreur sur la simulation, pondérée par le temps : sqrt(somme e^2 dt / somme dt) (un ajout : la thèse n&apos;a pas de RMS).</translation>
    </message>
    <message>
        <source>mean error over the hold after the trajectory ends (the error of the last sample when the run has no hold).</source>
        <translation>erreur moyenne pendant le maintien après la fin de la trajectoire (l&apos;erreur du dernier échantillon quand la simulation n&apos;a pas de maintien).</translation>
    </message>
    <message>
        <source>relative error as Zanaboni 2009 defines it (Table 10.1): |error at the end of a segment| / |displacement of the segment| x 100, for each segment of the trajectory (between via points; the whole move for a single segment), and the largest over the segments is shown. The error at an interior via point is the tracking error when the reference passes it; for the last segment it is the steady-state error. The same definition for joints and Cartesian axes. n/a when the displacement is below 0.001 (1 mrad = 0.057 deg, or 1 mm): dividing by so small a move measures nothing.</source>
        <translation>erreur relative telle que la définit Zanaboni 2009 (tableau 10.1) : |erreur à la fin d&apos;un segment| / |déplacement du segment| x 100, pour chaque segment de la trajectoire (entre points de passage ; tout le mouvement s&apos;il n&apos;y a qu&apos;un segment), et la plus grande sur les segments est affichée. L&apos;erreur à un point de passage intérieur est l&apos;erreur de suivi quand la référence le passe ; pour le dernier segment, c&apos;est l&apos;erreur en régime permanent. La même définition pour les articulations et les axes cartésiens. n/d quand le déplacement est inférieur à 0,001 (1 mrad = 0,057 deg, ou 1 mm) : diviser par un si petit mouvement ne mesure rien.</translation>
    </message>
    <message>
        <source>final - initial desired joint value of the whole trajectory (Table 10.1); zero for a trajectory that returns to its start, which is why the relative error is taken per segment.</source>
        <translation>valeur articulaire désirée finale - initiale de toute la trajectoire (tableau 10.1) ; nulle pour une trajectoire qui revient à son départ, d&apos;où l&apos;erreur relative prise par segment.</translation>
    </message>
    <message>
        <source>root mean square of the applied joint torque (force), weighted by time.</source>
        <translation>moyenne quadratique du couple (de la force) articulaire appliqué, pondérée par le temps.</translation>
    </message>
    <message>
        <source>largest absolute applied joint torque (force) over the run.</source>
        <translation>plus grand couple (force) articulaire appliqué en valeur absolue sur la simulation.</translation>
    </message>
    <message>
        <source>actual Cartesian value at the end of the run (Table 10.2).</source>
        <translation>valeur cartésienne mesurée à la fin de la simulation (tableau 10.2).</translation>
    </message>
    <message>
        <source>the segment (1 = the first) whose relative error is the largest, the one shown as relativeErrorPercent.</source>
        <translation>le segment (1 = le premier) dont l&apos;erreur relative est la plus grande, celle affichée comme relativeErrorPercent.</translation>
    </message>
    <message>
        <source>Cartesian only: |steady-state error| / |final measured value| x 100, the denominator of the thesis&apos;s Table 10.2, kept for comparison with it. It depends on where the world origin is and is meaningless near 0: n/a when |final value| is below 0.001.</source>
        <translation>cartésien seulement : |erreur en régime permanent| / |valeur finale mesurée| x 100, le dénominateur du tableau 10.2 de la thèse, gardé pour s&apos;y comparer. Il dépend de l&apos;origine du repère monde et n&apos;a pas de sens près de 0 : n/d quand |valeur finale| est inférieure à 0,001.</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>n/d : %1</translation>
    </message>
    <message numerus="yes">
        <source>Largest relative error over %n segment(s): segment %1.</source>
        <translation>
            <numerusform>Plus grande erreur relative sur %n segment : segment %1.</numerusform>
            <numerusform>Plus grande erreur relative sur %n segments : segment %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>segment %1 (%2 s to %3 s)</source>
        <translation>segment %1 (de %2 s à %3 s)</translation>
    </message>
    <message>
        <source>%1: |e| %2 / |displacement| %3 = %4 %</source>
        <translation>%1 : |e| %2 / |déplacement| %3 = %4 %</translation>
    </message>
    <message>
        <source>%1: n/a, %2</source>
        <translation>%1 : n/d, %2</translation>
    </message>
    <message>
        <source>Writes the table with every metric&apos;s definition in its header comments</source>
        <translation>Écrit le tableau avec la définition de chaque métrique dans ses commentaires d&apos;en-tête</translation>
    </message>
    <message>
        <source>Joint errors e = q_d - q [rad or m], torques [N m or N]; Cartesian errors = actual - desired [rad, m]; steady state over the hold after the trajectory; rel. % per segment (Zanaboni 2009). Hover a header for its definition, an n/a for its reason.</source>
        <translation>Erreurs articulaires e = q_d - q [rad ou m], couples [N m ou N] ; erreurs cartésiennes = mesuré - désiré [rad, m] ; régime permanent sur le maintien après la trajectoire ; rel. % par segment (Zanaboni 2009). Survolez un en-tête pour sa définition, un n/d pour sa raison.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>Better: %1 has %2 = %3 on %4, %5 has %6: %7 times smaller.</source>
        <translation>Meilleur : %1 a %2 = %3 sur %4, %5 a %6 : %7 fois plus petit.</translation>
    </message>
    <message>
        <source>Better: %1 has %2 = 0 on %3, %4 has %5.</source>
        <translation>Meilleur : %1 a %2 = 0 sur %3, %4 a %5.</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Green: the better controller; ×F: its error is F times smaller.</source>
        <translation>En vert : le meilleur correcteur ; ×F : son erreur est F fois plus petite.</translation>
    </message>
    <message>
        <source>joint %1</source>
        <comment>metrics table row header (short)</comment>
        <translation>art. %1</translation>
    </message>
    <message>
        <source>RMS τ</source>
        <translation>τ eff.</translation>
    </message>
    <message>
        <source>peak τ</source>
        <translation>τ crête</translation>
    </message>
    <message>
        <source>e steady</source>
        <comment>metrics table column header (short)</comment>
        <translation>e perm.</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <comment>a better controller&apos;s value over its factor</comment>
        <translation>%1
%2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ObjectDictionaryBrowser</name>
    <message>
        <source>Slave:</source>
        <translation>Esclave :</translation>
    </message>
    <message>
        <source>Read dictionary</source>
        <translation>Lire le dictionnaire</translation>
    </message>
    <message>
        <source>List the slave&apos;s objects and entries by SDO information (ETG.1000.6)</source>
        <translation>Liste les objets et entrées de l&apos;esclave par SDO Information (ETG.1000.6)</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>Type de données</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bits</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Accès</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Valeur :</translation>
    </message>
    <message>
        <source>Integers in decimal or 0x hex, REAL32 as a number, strings as text, other types as hex bytes</source>
        <translation>Entiers en décimal ou en hexadécimal 0x, REAL32 comme un nombre, chaînes comme du texte, autres types en octets hexadécimaux</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lire</translation>
    </message>
    <message>
        <source>Read the selected entry by SDO upload</source>
        <translation>Lit l&apos;entrée choisie par SDO upload</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Écrire</translation>
    </message>
    <message>
        <source>Write the value to the selected entry by SDO download (not during a run)</source>
        <translation>Écrit la valeur dans l&apos;entrée choisie par SDO download (pas pendant une exécution)</translation>
    </message>
    <message>
        <source>read/write</source>
        <translation>lecture/écriture</translation>
    </message>
    <message>
        <source>read only</source>
        <translation>lecture seule</translation>
    </message>
    <message>
        <source>Scan or start the bus, choose a slave, read its dictionary.</source>
        <translation>Scannez ou démarrez le bus, choisissez un esclave, lisez son dictionnaire.</translation>
    </message>
    <message>
        <source>slave %1</source>
        <translation>esclave %1</translation>
    </message>
    <message>
        <source>slave %1 (%2)</source>
        <translation>esclave %1 (%2)</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>occupé</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>Échec de « %1 » : %2</translation>
    </message>
    <message>
        <source>no bus: scan or start it first</source>
        <translation>pas de bus : scannez-le ou démarrez-le d&apos;abord</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) of slave %1</source>
        <translation>
            <numerusform>%n objet de l&apos;esclave %1</numerusform>
            <numerusform>%n objets de l&apos;esclave %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Read %1:%2</source>
        <translation>Lecture de %1:%2</translation>
    </message>
    <message>
        <source>%1:%2 read</source>
        <translation>%1:%2 lu</translation>
    </message>
    <message>
        <source>(not readable)</source>
        <translation>(illisible)</translation>
    </message>
    <message>
        <source>choose an entry first</source>
        <translation>choisissez d&apos;abord une entrée</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2 : %3</translation>
    </message>
    <message>
        <source>Write %1:%2</source>
        <translation>Écriture de %1:%2</translation>
    </message>
    <message>
        <source>written</source>
        <translation>écrit</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::OrthoglideEditor</name>
    <message>
        <source>a (K = (0, 0, a))</source>
        <translation>a (K = (0, 0, a))</translation>
    </message>
    <message>
        <source>platform mass M_p</source>
        <translation>masse de la plateforme M_p</translation>
    </message>
    <message>
        <source>leg %1</source>
        <translation>jambe %1</translation>
    </message>
    <message>
        <source>%1: r2 (half bar spacing)</source>
        <translation>%1 : r2 (demi-écartement des barres)</translation>
    </message>
    <message>
        <source>%1: D4 (bar length)</source>
        <translation>%1 : D4 (longueur des barres)</translation>
    </message>
    <message>
        <source>%1: D6 (far link to P)</source>
        <translation>%1 : D6 (corps distal jusqu&apos;à P)</translation>
    </message>
    <message>
        <source>%1, body %2</source>
        <translation>%1, corps %2</translation>
    </message>
    <message>
        <source>%1: mass</source>
        <translation>%1 : masse</translation>
    </message>
    <message>
        <source>%1: centre of mass %2</source>
        <translation>%1 : centre de masse %2</translation>
    </message>
    <message>
        <source>%1: inertia I%2%3</source>
        <translation>%1 : inertie I%2%3</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Paramètre</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>%1: cannot open the file</source>
        <translation>%1 : impossible d&apos;ouvrir le fichier</translation>
    </message>
    <message>
        <source>%1: not valid JSON</source>
        <translation>%1 : JSON non valide</translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation>%1 : n&apos;est pas un objet JSON</translation>
    </message>
    <message>
        <source>%1: valid</source>
        <translation>%1 : valide</translation>
    </message>
    <message>
        <source>%1: cannot write the file</source>
        <translation>%1 : impossible d&apos;écrire le fichier</translation>
    </message>
    <message>
        <source>%1: not an editable parameter</source>
        <translation>%1 : paramètre non modifiable</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a finite number</source>
        <translation>%1 : « %2 » n&apos;est pas un nombre fini</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::PendulumEditor</name>
    <message>
        <source>Small-angle period 2π √(l/g): %1 s (g = %2 m/s²)</source>
        <translation>Période des petites oscillations 2π √(l/g) : %1 s (g = %2 m/s²)</translation>
    </message>
    <message>
        <source>&amp;Length l</source>
        <translation>&amp;Longueur l</translation>
    </message>
    <message>
        <source>&amp;Mass m</source>
        <translation>&amp;Masse m</translation>
    </message>
    <message>
        <source>&amp;Damping b</source>
        <translation>&amp;Amortissement b</translation>
    </message>
    <message>
        <source>Length of the massless rod, from the pivot to the point mass</source>
        <translation>Longueur de la tige sans masse, du pivot à la masse ponctuelle</translation>
    </message>
    <message>
        <source>Mass of the bob (a point mass at the end of the rod)</source>
        <translation>Masse du balancier (une masse ponctuelle au bout de la tige)</translation>
    </message>
    <message>
        <source>Viscous friction at the pivot: a torque −b θ̇</source>
        <translation>Frottement visqueux au pivot : un couple −b θ̇</translation>
    </message>
    <message>
        <source>m l² θ̈ = τ − m g l sin θ − b θ̇ − c sign θ̇ (Landau &amp; Lifshitz 1976, §11, with friction). The edits are the scene&apos;s: File &gt; Save scene writes them.</source>
        <translation>m l² θ̈ = τ − m g l sin θ − b θ̇ − c sign θ̇ (Landau &amp; Lifshitz 1976, §11, avec frottements). Les modifications sont celles de la scène : Fichier &gt; Enregistrer la scène les écrit.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::RobotView</name>
    <message>
        <source>The 3D view needs OpenGL, which this display does not offer. Runs, the oscilloscope, the metrics and the editors work without it.</source>
        <translation>La vue 3D a besoin d&apos;OpenGL, que cet affichage n&apos;offre pas. Les simulations, l&apos;oscilloscope, les métriques et les éditeurs fonctionnent sans elle.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SceneDocument</name>
    <message>
        <source>untitled</source>
        <translation>sans titre</translation>
    </message>
    <message>
        <source>the open scene&apos;s robot is fixed by its file; open a serial scene first</source>
        <translation>le robot de la scène ouverte est imposé par son fichier ; ouvrez d&apos;abord une scène de robot série</translation>
    </message>
    <message>
        <source>open a scene first (a robot replaces the robot of the current scene)</source>
        <translation>ouvrez d&apos;abord une scène (un robot remplace le robot de la scène courante)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeControls</name>
    <message>
        <source>Trace colour</source>
        <translation>Couleur de la trace</translation>
    </message>
    <message>
        <source>Scope: live — click to freeze</source>
        <translation>Oscilloscope : direct — cliquer pour figer</translation>
    </message>
    <message>
        <source>Scope: frozen — click to go live</source>
        <translation>Oscilloscope : figé — cliquer pour le direct</translation>
    </message>
    <message>
        <source> /div</source>
        <translation> /div</translation>
    </message>
    <message>
        <source>%1/div</source>
        <translation>%1/div</translation>
    </message>
    <message>
        <source>Freezes or resumes the scope&apos;s display only; the data keep being recorded. The simulation is run, paused and stopped from the Simulation menu.</source>
        <translation>Fige ou reprend seulement l&apos;affichage de l&apos;oscilloscope ; les données continuent d&apos;être enregistrées. La simulation se lance, se met en pause et s&apos;arrête depuis le menu Simulation.</translation>
    </message>
    <message>
        <source>&amp;Page:</source>
        <translation>&amp;Page :</translation>
    </message>
    <message>
        <source>Which group of sources the channels show</source>
        <translation>Groupe de sources affiché sur les voies</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Voie</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Active</translation>
    </message>
    <message>
        <source>Channel:</source>
        <translation>Voie :</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Source :</translation>
    </message>
    <message>
        <source>Gain:</source>
        <translation>Gain :</translation>
    </message>
    <message>
        <source>Offset:</source>
        <translation>Décalage :</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>Couleur…</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>Couleur :</translation>
    </message>
    <message>
        <source>Horizontal</source>
        <translation>Horizontal</translation>
    </message>
    <message>
        <source>Time base:</source>
        <translation>Base de temps :</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Défilement</translation>
    </message>
    <message>
        <source>Triggered</source>
        <translation>Déclenché</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Mode :</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Déclenchement</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Niveau :</translation>
    </message>
    <message>
        <source>Rising</source>
        <translation>Montant</translation>
    </message>
    <message>
        <source>Falling</source>
        <translation>Descendant</translation>
    </message>
    <message>
        <source>Edge:</source>
        <translation>Front :</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Single</source>
        <translation>Monocoup</translation>
    </message>
    <message>
        <source>Sweep:</source>
        <translation>Balayage :</translation>
    </message>
    <message>
        <source> div</source>
        <translation> div</translation>
    </message>
    <message>
        <source>Position:</source>
        <translation>Position :</translation>
    </message>
    <message>
        <source>Cursors</source>
        <translation>Curseurs</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>t1 (left click):</source>
        <translation>t1 (clic gauche) :</translation>
    </message>
    <message>
        <source>t2 (right click):</source>
        <translation>t2 (clic droit) :</translation>
    </message>
    <message>
        <source>Measurements (visible window)</source>
        <translation>Mesures (fenêtre visible)</translation>
    </message>
    <message>
        <source>Autoscale</source>
        <translation>Échelle auto</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>Visible data as CSV…</source>
        <translation>Données visibles en CSV…</translation>
    </message>
    <message>
        <source>Screen as image (PNG/SVG)…</source>
        <translation>Écran en image (PNG/SVG)…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>channel picker: source, what it is</comment>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeScreen</name>
    <message>
        <source>%1 [%2]</source>
        <translation>%1 [%2]</translation>
    </message>
    <message>
        <source>%1 %2/div</source>
        <translation>%1 %2/div</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1 :</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n autre</numerusform>
            <numerusform>+%n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>ARRÊT</translation>
    </message>
    <message>
        <source>ROLL</source>
        <translation>DÉFIL.</translation>
    </message>
    <message>
        <source>AUTO</source>
        <translation>AUTO</translation>
    </message>
    <message>
        <source>TRIG&apos;D</source>
        <translation>DÉCL.</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>PRÊT</translation>
    </message>
    <message>
        <source>%1/div</source>
        <translation>%1/div</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeWidget</name>
    <message>
        <source>Δt = %1</source>
        <translation>Δt = %1</translation>
    </message>
    <message>
        <source>   1/Δt = %1 Hz</source>
        <translation>   1/Δt = %1 Hz</translation>
    </message>
    <message>
        <source>max %1  min %2  RMS %3</source>
        <translation>max %1  min %2  eff. %3</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>pas de données</translation>
    </message>
    <message>
        <source>Δ = %1</source>
        <translation>Δ = %1</translation>
    </message>
    <message>
        <source>No channel on</source>
        <translation>Aucune voie active</translation>
    </message>
    <message>
        <source>Export visible data</source>
        <translation>Exporter les données visibles</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Échec de l&apos;export</translation>
    </message>
    <message>
        <source>Export screen</source>
        <translation>Exporter l&apos;écran</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>Image PNG (*.png);;Image SVG (*.svg)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <source>ManipLab oscilloscope</source>
        <translation>Oscilloscope ManipLab</translation>
    </message>
    <message>
        <source>Unknown image format &quot;%1&quot; (use .png or .svg)</source>
        <translation>Format d&apos;image inconnu « %1 » (utiliser .png ou .svg)</translation>
    </message>
    <message>
        <source>Cannot render the image %1</source>
        <translation>Impossible de produire l&apos;image %1</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SequentialIdentificationDialog</name>
    <message>
        <source>the procedure is the TH8&apos;s (6 joints, R P P R R R); &quot;%1&quot; has %2 joints</source>
        <translation>la procédure est celle du TH8 (6 articulations, R P P R R R) ; « %1 » a %2 articulations</translation>
    </message>
    <message>
        <source>the procedure is the TH8&apos;s: &quot;%1&quot; has no base parameter %2 (step %3)</source>
        <translation>la procédure est celle du TH8 : « %1 » n&apos;a pas de paramètre de base %2 (étape %3)</translation>
    </message>
    <message>
        <source>Step 1 of %1: press &quot;Run step&quot;.</source>
        <translation>Étape 1 sur %1 : appuyez sur « Lancer l&apos;étape ».</translation>
    </message>
    <message>
        <source>No robot: open the TH8 (robots/th8.json) first.</source>
        <translation>Aucun robot : ouvrez d&apos;abord le TH8 (robots/th8.json).</translation>
    </message>
    <message>
        <source>The steps are run in order: run step %1 first.</source>
        <translation>Les étapes s&apos;exécutent dans l&apos;ordre : lancez d&apos;abord l&apos;étape %1.</translation>
    </message>
    <message>
        <source>Step %1 done: %2 parameter(s) identified (condition number %3); worst relative error so far %4.</source>
        <translation>Étape %1 terminée : %2 paramètre(s) identifié(s) (conditionnement %3) ; pire erreur relative jusqu&apos;ici %4.</translation>
    </message>
    <message>
        <source>All %1 steps done: %2 parameters identified.</source>
        <translation>Les %1 étapes sont terminées : %2 paramètres identifiés.</translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation>Échec de l&apos;étape %1 : %2</translation>
    </message>
    <message>
        <source>Step %1 of %2: press &quot;Run step&quot;.</source>
        <translation>Étape %1 sur %2 : appuyez sur « Lancer l&apos;étape ».</translation>
    </message>
    <message>
        <source>Sequential identification (Belkoura 1993, TH8, corrected)</source>
        <translation>Identification séquentielle (Belkoura 1993, TH8, corrigée)</translation>
    </message>
    <message>
        <source>Torque noise σ [N m, N]:</source>
        <translation>Bruit de couple σ [N m, N] :</translation>
    </message>
    <message>
        <source>Run step</source>
        <translation>Lancer l&apos;étape</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Recommencer</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Paramètre</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Identified</source>
        <translation>Identifié</translation>
    </message>
    <message>
        <source>True</source>
        <translation>Valeur vraie</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>Erreur relative</translation>
    </message>
    <message>
        <source>Std dev</source>
        <translation>Écart type</translation>
    </message>
    <message>
        <source>joint %1 (%2) moves at constant velocity</source>
        <translation>l&apos;articulation %1 (%2) se déplace à vitesse constante</translation>
    </message>
    <message>
        <source>joint %1 (%2) moves at variable velocity</source>
        <translation>l&apos;articulation %1 (%2) se déplace à vitesse variable</translation>
    </message>
    <message>
        <source>rotoid</source>
        <translation>rotoïde</translation>
    </message>
    <message>
        <source>prismatic</source>
        <translation>prismatique</translation>
    </message>
    <message>
        <source>joint %1 is held at %2 different angles in [−1.2, 1.2] rad (one per test motion)</source>
        <translation>l&apos;articulation %1 est maintenue à %2 angles différents dans [−1,2 ; 1,2] rad (un par mouvement d&apos;essai)</translation>
    </message>
    <message>
        <source>the other joints stay at 0</source>
        <translation>les autres articulations restent à 0</translation>
    </message>
    <message>
        <source>Motion:</source>
        <translation>Mouvement :</translation>
    </message>
    <message>
        <source>Identifies:</source>
        <translation>Identifie :</translation>
    </message>
    <message>
        <source>%1 test motions of 1 s at 1 kHz</source>
        <translation>%1 mouvements d&apos;essai de 1 s à 1 kHz</translation>
    </message>
    <message>
        <source>Corrected equation (energy theorem 3.5, reference §8):</source>
        <translation>Équation corrigée (théorème de l&apos;énergie 3.5, référence §8) :</translation>
    </message>
    <message>
        <source>Erratum (printed in the thesis):</source>
        <translation>Erratum (tel qu&apos;imprimé dans la thèse) :</translation>
    </message>
    <message>
        <source>Joint works W_k and friction integrals by Simpson&apos;s rule; no accelerations. The rotor inertias are taken from the motor data (the robot file).</source>
        <translation>Travaux articulaires W_k et intégrales de frottement par la méthode de Simpson ; sans accélérations. Les inerties des rotors sont tirées des données des moteurs (le fichier du robot).</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SimulationWorker</name>
    <message>
        <source>No controller selected.</source>
        <translation>Aucun correcteur sélectionné.</translation>
    </message>
    <message>
        <source>%1: simulation failed: %2</source>
        <translation>%1 : échec de la simulation : %2</translation>
    </message>
    <message>
        <source>%1: t = %2 s: joint %3 passed its %4 limit (q = %5)</source>
        <translation>%1 : t = %2 s : l&apos;articulation %3 a dépassé sa butée %4 (q = %5)</translation>
    </message>
    <message>
        <source>upper</source>
        <translation>haute</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>basse</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>%1: t = %2 s: actuator %3 passed its %4 limit (q = %5 m)</source>
        <translation>%1 : t = %2 s : l&apos;actionneur %3 a dépassé sa butée %4 (q = %5 m)</translation>
    </message>
    <message>
        <source>No scene to run.</source>
        <translation>Aucune scène à exécuter.</translation>
    </message>
    <message>
        <source>%1: the controller&apos;s model could not be evaluated in %2 of %3 control periods (%4 %): the PD part alone was applied there%5</source>
        <translation>%1 : le modèle du correcteur n&apos;a pas pu être évalué dans %2 des %3 périodes de commande (%4 %) : seule la partie PD y a été appliquée%5</translation>
    </message>
    <message>
        <source> (the run was mostly PD, not computed torque)</source>
        <translation> (l&apos;essai a surtout été un PD, pas un couple calculé)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::TeachPanel</name>
    <message>
        <source>Home pose</source>
        <translation>Position de repos</translation>
    </message>
    <message>
        <source>No robot</source>
        <translation>Aucun robot</translation>
    </message>
    <message>
        <source>End effector: X %1 m, Y %2 m, Z %3 m
φ %4°, θ %5°, ψ %6° (Euler X-Y-Z)</source>
        <translation>Organe terminal : X %1 m, Y %2 m, Z %3 m
φ %4°, θ %5°, ψ %6° (angles d’Euler X-Y-Z)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::TrajectoryEditor</name>
    <message>
        <source>Fourier excitation (identification): the scene&apos;s coefficients, read-only. Choose another type to replace it.</source>
        <translation>Excitation de Fourier (identification) : coefficients de la scène, en lecture seule. Choisissez un autre type pour la remplacer.</translation>
    </message>
    <message>
        <source>No Fourier coefficients: generate an excitation scene in the Identification panel, or choose another type.</source>
        <translation>Aucun coefficient de Fourier : générez une scène d&apos;excitation dans le panneau Identification, ou choisissez un autre type.</translation>
    </message>
    <message>
        <source>The Table 8.1 line of Zanaboni 2009 on the UMIS robot (4 s): no parameters.</source>
        <translation>La ligne droite du tableau 8.1 de Zanaboni 2009 sur le robot UMIS (4 s) : aucun paramètre.</translation>
    </message>
    <message>
        <source>Unknown trajectory type: choose one.</source>
        <translation>Type de trajectoire inconnu : choisissez-en un.</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>toute la simulation</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Départ</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Arrivée</translation>
    </message>
    <message>
        <source>Max vel. [/s]</source>
        <translation>Vit. max [/s]</translation>
    </message>
    <message>
        <source>Max acc. [/s²]</source>
        <translation>Accél. max [/s²]</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>joint %1 [%2]</source>
        <translation>articulation %1 [%2]</translation>
    </message>
    <message>
        <source>time [s]</source>
        <translation>temps [s]</translation>
    </message>
    <message>
        <source>P%1</source>
        <translation>P%1</translation>
    </message>
    <message>
        <source>X [m]</source>
        <translation>X [m]</translation>
    </message>
    <message>
        <source>Y [m]</source>
        <translation>Y [m]</translation>
    </message>
    <message>
        <source>Z [m]</source>
        <translation>Z [m]</translation>
    </message>
    <message>
        <source>φ [°]</source>
        <translation>φ [°]</translation>
    </message>
    <message>
        <source>θ [°]</source>
        <translation>θ [°]</translation>
    </message>
    <message>
        <source>ψ [°]</source>
        <translation>ψ [°]</translation>
    </message>
    <message>
        <source>Not used: the line keeps the start orientation</source>
        <translation>Non utilisé : la droite conserve l&apos;orientation de départ</translation>
    </message>
    <message>
        <source>Segment [s]</source>
        <translation>Segment [s]</translation>
    </message>
    <message>
        <source>start</source>
        <translation>départ</translation>
    </message>
    <message>
        <source>The platform starts at P1; each other row gives the duration of the segment that reaches it</source>
        <translation>La plateforme part de P1 ; chacune des autres lignes donne la durée du segment qui y mène</translation>
    </message>
    <message>
        <source>A way-point trajectory needs at least two points</source>
        <translation>Une trajectoire par points de passage nécessite au moins deux points</translation>
    </message>
    <message>
        <source>Trajectory, %1, %2: &apos;%3&apos; is not a number</source>
        <translation>Trajectoire, %1, %2 : « %3 » n&apos;est pas un nombre</translation>
    </message>
    <message>
        <source>A via-point trajectory needs at least two points</source>
        <translation>Une trajectoire par points de passage nécessite au moins deux points</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type :</translation>
    </message>
    <message>
        <source>Quintic, rest to rest</source>
        <translation>Polynôme de degré 5, de repos à repos</translation>
    </message>
    <message>
        <source>Trapezoidal velocity</source>
        <translation>Profil de vitesse trapézoïdal</translation>
    </message>
    <message>
        <source>Via points (C2 spline)</source>
        <translation>Points de passage (spline C2)</translation>
    </message>
    <message>
        <source>Hold a position</source>
        <translation>Maintien en position</translation>
    </message>
    <message>
        <source>Cartesian straight line</source>
        <translation>Ligne droite cartésienne</translation>
    </message>
    <message>
        <source>Fourier excitation (read-only)</source>
        <translation>Excitation de Fourier (lecture seule)</translation>
    </message>
    <message>
        <source>UMIS thesis line (read-only)</source>
        <translation>Ligne droite de la thèse UMIS (lecture seule)</translation>
    </message>
    <message>
        <source>Platform way-points (Orthoglide)</source>
        <translation>Points de passage de la plateforme (Orthoglide)</translation>
    </message>
    <message>
        <source>An Orthoglide scene&apos;s reference: the platform point P through way-points (robots/orthoglide.md, Scenes)</source>
        <translation>La consigne d&apos;une scène Orthoglide : le point P de la plateforme passant par des points de passage (robots/orthoglide.md, Scenes)</translation>
    </message>
    <message>
        <source>The reference the controllers track (scenes/README.md, Trajectories)</source>
        <translation>La consigne que suivent les correcteurs (scenes/README.md, Trajectories)</translation>
    </message>
    <message>
        <source>Platform point P in R_0, straight segments, each rest to rest with the quintic time scaling; every point must be within reach (inverse geometric model).</source>
        <translation>Point P de la plateforme dans R_0, segments rectilignes, chacun de repos à repos avec la loi horaire de degré 5 ; chaque point doit être accessible (modèle géométrique inverse).</translation>
    </message>
    <message>
        <source>Add point</source>
        <translation>Ajouter un point</translation>
    </message>
    <message>
        <source>Inserts a copy of the selected point after it</source>
        <translation>Insère une copie du point sélectionné après celui-ci</translation>
    </message>
    <message>
        <source>Remove point</source>
        <translation>Supprimer le point</translation>
    </message>
    <message>
        <source>Removes the selected point (at least two remain)</source>
        <translation>Supprime le point sélectionné (il en reste au moins deux)</translation>
    </message>
    <message>
        <source>Motion duration:</source>
        <translation>Durée du mouvement :</translation>
    </message>
    <message>
        <source>Sample period:</source>
        <translation>Période d&apos;échantillonnage :</translation>
    </message>
    <message>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <source>Inverse kinematics:</source>
        <translation>Modèle géométrique inverse :</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>UMIS closed form</source>
        <translation>solution analytique UMIS</translation>
    </message>
    <message>
        <source>numeric</source>
        <translation>numérique</translation>
    </message>
    <message>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <source>%1°/s</source>
        <translation>%1°/s</translation>
    </message>
    <message>
        <source>%1 m/s</source>
        <translation>%1 m/s</translation>
    </message>
    <message>
        <source>%1°/s²</source>
        <translation>%1°/s²</translation>
    </message>
    <message>
        <source>%1 m/s²</source>
        <translation>%1 m/s²</translation>
    </message>
    <message>
        <source>%1 N m</source>
        <translation>%1 N m</translation>
    </message>
    <message>
        <source>%1 N</source>
        <translation>%1 N</translation>
    </message>
    <message>
        <source>The trajectory passes the robot&apos;s limits (checked before the run, without simulating):</source>
        <translation>La trajectoire dépasse les limites du robot (vérifié avant la simulation, sans simuler) :</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>articulation %1</translation>
    </message>
    <message>
        <source>joint %1 (%2)</source>
        <translation>articulation %1 (%2)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its upper limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s : %2 dépasse sa limite haute %3 de %4 (pic %5 à t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its lower limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s : %2 dépasse sa limite basse %3 de %4 (pic %5 à t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 exceeds its velocity limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s : %2 dépasse sa limite de vitesse %3 de %4 (pic %5 à t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 exceeds its acceleration limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s : %2 dépasse sa limite d&apos;accélération %3 de %4 (pic %5 à t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 needs more than its torque limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</source>
        <translation>t = %1 s : %2 demande plus que son couple limite %3, de %4 (pic %5 à t = %6 s ; modèle dynamique inverse le long du chemin)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 needs more than its force limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</source>
        <translation>t = %1 s : %2 demande plus que sa force limite %3, de %4 (pic %5 à t = %6 s ; modèle dynamique inverse le long du chemin)</translation>
    </message>
    <message numerus="yes">
        <source>... and %n more.</source>
        <translation>
            <numerusform>... et %n autre.</numerusform>
            <numerusform>... et %n autres.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sampled every %1 ms with every peak refined between the samples; a run would drive the robot beyond these limits or saturate its drives.</source>
        <translation>Échantillonnée toutes les %1 ms, chaque pic affiné entre les échantillons ; une simulation mènerait le robot au-delà de ces limites ou saturerait ses variateurs.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::UrdfChainDialog</name>
    <message>
        <source>Tip link</source>
        <translation>Corps terminal</translation>
    </message>
    <message>
        <source>Moving joints</source>
        <translation>Articulations mobiles</translation>
    </message>
    <message>
        <source>Locked joints</source>
        <translation>Articulations bloquées</translation>
    </message>
    <message>
        <source>Path from the root</source>
        <translation>Chemin depuis la racine</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>Articulation</translation>
    </message>
    <message>
        <source>Locked at</source>
        <translation>Bloquée à</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>Default positions</source>
        <translation>Positions par défaut</translation>
    </message>
    <message>
        <source>Forget the positions typed here: zero, or multiplier × q + offset for mimic joints</source>
        <translation>Oublier les positions saisies ici : zéro, ou multiplicateur × q + décalage pour les articulations « mimic »</translation>
    </message>
    <message numerus="yes">
        <source>%n joint(s)</source>
        <translation>
            <numerusform>%n articulation</numerusform>
            <numerusform>%n articulations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, of which %n mimic joint(s) on the chain</source>
        <translation>
            <numerusform>, dont %n articulation « mimic » sur la chaîne</numerusform>
            <numerusform>, dont %n articulations « mimic » sur la chaîne</numerusform>
        </translation>
    </message>
    <message>
        <source>; a mimic coupling with a moving joint is not followed</source>
        <translation> ; un couplage « mimic » avec une articulation mobile n’est pas suivi</translation>
    </message>
    <message>
        <source>Choose a chain above.</source>
        <translation>Choisissez une chaîne ci-dessus.</translation>
    </message>
    <message numerus="yes">
        <source>The chain to %1 has %n moving joint(s) and locks no joint.</source>
        <translation>
            <numerusform>La chaîne jusqu’à %1 a %n articulation mobile et ne bloque aucune articulation.</numerusform>
            <numerusform>La chaîne jusqu’à %1 a %n articulations mobiles et ne bloque aucune articulation.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The chain to %1 has %n moving joint(s). Joints it locks (type a position to state another; the links are lumped at that position):</source>
        <translation>
            <numerusform>La chaîne jusqu’à %1 a %n articulation mobile. Articulations qu’elle bloque (saisissez une position pour en imposer une autre ; les corps sont regroupés dans cette position) :</numerusform>
            <numerusform>La chaîne jusqu’à %1 a %n articulations mobiles. Articulations qu’elle bloque (saisissez une position pour en imposer une autre ; les corps sont regroupés dans cette position) :</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 (SI)</source>
        <translation>%1 %2 (SI)</translation>
    </message>
    <message>
        <source>mm</source>
        <translation>mm</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>stated here</source>
        <translation>imposée ici</translation>
    </message>
    <message>
        <source>mimic of %1: %2 × q + %3</source>
        <translation>« mimic » de %1 : %2 × q + %3</translation>
    </message>
    <message>
        <source>default position</source>
        <translation>position par défaut</translation>
    </message>
    <message>
        <source>on the chain</source>
        <translation>sur la chaîne</translation>
    </message>
    <message>
        <source>off the chain</source>
        <translation>hors de la chaîne</translation>
    </message>
    <message>
        <source>%1 moves on the chain: these links do not follow it</source>
        <translation>%1 se déplace sur la chaîne : ces corps ne la suivent pas</translation>
    </message>
    <message>
        <source>links lumped into the fixed base (no effect on the dynamics)</source>
        <translation>corps regroupés avec la base fixe (sans effet sur la dynamique)</translation>
    </message>
    <message>
        <source>links lumped into the body of link %1</source>
        <translation>corps regroupés avec le corps de %1</translation>
    </message>
    <message>
        <source>; </source>
        <comment>separator of the reasons of a locked joint</comment>
        <translation>&#xa0;; </translation>
    </message>
    <message>
        <source>Choose the tree or the chain to simulate</source>
        <translation>Choisir l&apos;arbre ou la chaîne à simuler</translation>
    </message>
    <message>
        <source>%1 describes a tree: its moving joints branch (a gripper, several arms, a head). ManipLab simulates the whole tree from the root link &quot;%2&quot; (first row), or one serial chain from it: choose the link it ends at. Every other moving joint is locked at the position shown below, and the links it carries are lumped into the body they hang from (masses, centres of mass and inertias combined exactly). Mimic joints are locked too: at multiplier × q + offset of the joint they follow.</source>
        <translation>%1 décrit un arbre : ses articulations mobiles se ramifient (une pince, plusieurs bras, une tête). ManipLab simule l&apos;arbre entier depuis le corps racine &quot;%2&quot; (première ligne), ou une chaîne série qui en part : choisissez le corps où elle se termine. Toute autre articulation mobile est bloquée dans la position indiquée ci-dessous, et les corps qu&apos;elle porte sont regroupés dans le corps auquel ils sont attachés (masses, centres de masse et inerties combinés exactement). Les articulations « mimic » sont bloquées aussi : à multiplicateur × q + décalage de l&apos;articulation qu&apos;elles suivent.</translation>
    </message>
    <message>
        <source>(whole tree)</source>
        <translation>(arbre entier)</translation>
    </message>
    <message>
        <source>Every moving joint but the mimic joints: %1</source>
        <translation>Toutes les articulations mobiles sauf les « mimic » : %1</translation>
    </message>
    <message numerus="yes">
        <source>, of which %n mimic joint(s)</source>
        <translation>
            <numerusform>, dont %n articulation « mimic »</numerusform>
            <numerusform>, dont %n articulations « mimic »</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The whole tree has %n moving joint(s). Joints it locks (type a position to state another; the links are lumped at that position):</source>
        <translation>
            <numerusform>L&apos;arbre entier a %n articulation mobile. Articulations qu&apos;il bloque (saisissez une position pour en imposer une autre ; les corps sont regroupés dans cette position) :</numerusform>
            <numerusform>L&apos;arbre entier a %n articulations mobiles. Articulations qu&apos;il bloque (saisissez une position pour en imposer une autre ; les corps sont regroupés dans cette position) :</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 moves: these links do not follow it</source>
        <translation>%1 se déplace : ces corps ne la suivent pas</translation>
    </message>
</context>
</TS>
