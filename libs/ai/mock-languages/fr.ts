import type { MockLexicon } from '../mock-lexicon.ts';
import { capitalise, lowerTitleWord } from '../mock-phrases.ts';

// French, addressing the reader as vous. The book's phrases follow "de" ("en matière de", "autour de"), which reads
// with or without their article once the slots are filled and elided: "de le choix" → "du choix", "de apiculture" →
// "d’apiculture". A no-break space goes before : ; ? and inside « ».
const BEFORE_VOWEL = /(?<!\p{L})(de|que|le|la) (?=[aeiouyàâéèêëîïôûù])/giu;

export function frenchElision(text: string): string {
  return text
    .replace(/(?<!\p{L})([Dd])e les(?!\p{L})/gu, '$1es')
    .replace(/(?<!\p{L})([Dd])e le(?!\p{L})/gu, '$1u')
    .replace(/(?<!\p{L})à les(?!\p{L})/gu, 'aux')
    .replace(/(?<!\p{L})à le(?!\p{L})/gu, 'au')
    .replace(BEFORE_VOWEL, (_, word: string) => `${word.slice(0, -1)}’`);
}

export const FRENCH: MockLexicon = {
  angles: [
    {
      title: 'Les bases de {p}',
      description: 'Pourquoi le travail de {p} en vaut la peine, et ce que change la question de {q}.',
      points: ['Les apports de {q}', 'Plaidoyer en faveur de {r}', 'Doutes sincères au sujet de {p}'],
      nouns: ['la première raison', 'un motif clair', 'la petite récompense', 'le coût de l’inaction'],
      intro: 'plaide en faveur de {p}',
      recap: 'a plaidé en faveur de {p} et pesé les doutes sincères',
    },
    {
      title: '{P}\u00a0: premiers pas',
      description: 'Les premiers pas en matière de {p}, d’une semaine vide à un vrai départ qui fait place à la question de {q}.',
      points: ['Une première semaine autour de {q}', 'Par où commencer en matière de {r}', 'La liste de départ de {p}'],
      nouns: ['le premier pas', 'la liste de départ', 'une première réussite', 'l’essai initial'],
      intro: 'accompagne la première semaine jusqu’à un vrai départ',
      recap: 'a résumé les premiers pas en une courte liste',
    },
    {
      title: 'Les outils de {p}',
      description: 'L’équipement et les matériaux de {p}, et ce dont on peut se passer en matière de {q}.',
      points: ['L’équipement essentiel autour de {q}', 'Le petit budget de {r}', 'L’entretien des outils de {p}'],
      nouns: ['l’équipement de base', 'l’outil emprunté', 'la liste des matériaux', 'le substitut bon marché'],
      intro: 'sépare l’indispensable du superflu',
      recap: 'a séparé l’indispensable du superflu',
    },
    {
      title: '{P}, semaine après semaine',
      description: 'Un rythme hebdomadaire stable autour de {p}, et la place à faire à la question de {q}.',
      points: ['Une routine hebdomadaire autour de {q}', 'Concilier la question de {r} avec le reste', 'Garder le rythme de {p}'],
      nouns: ['la routine hebdomadaire', 'l’heure fixe', 'le contrôle du dimanche', 'la tournée de dix minutes'],
      intro: 'bâtit une routine hebdomadaire qui résiste aux mois chargés',
      recap: 'a bâti une routine hebdomadaire qui résiste aux mois chargés',
    },
    {
      title: 'Les erreurs courantes de {p}',
      description: 'Les erreurs que presque tout le monde commet en matière de {p}, et les moyens simples pour les éviter autour de {q}.',
      points: ['Les premières erreurs autour de {q}', 'Là où tout se complique en matière de {r}', 'Se relever d’un mauvais départ en matière de {p}'],
      nouns: ['l’erreur classique', 'la décision hâtive', 'l’avertissement ignoré', 'la vérification oubliée'],
      intro: 'nomme les erreurs que presque tout le monde commet, et les moyens simples pour les éviter',
      recap: 'a nommé les erreurs classiques et comment les éviter',
    },
    {
      title: '{P} et votre entourage',
      description: 'L’effet de {p} sur la famille, les collègues et les voisins, et comment les garder de votre côté pendant le travail autour de {q}.',
      points: ['Expliquer la question de {q} aux autres', 'Les voisins, la famille et le sujet de {r}', 'Partager la charge de {p}'],
      nouns: ['le voisin sceptique', 'la famille', 'un ami prêt à aider', 'le groupe local'],
      intro: 'se penche sur votre entourage et sur l’art d’en faire un allié',
      recap: 'a montré comment garder de votre côté la famille et les voisins',
    },
    {
      title: 'Le suivi de {p}',
      description: 'Des notes simples pour suivre les progrès en matière de {p}, et ce qu’elles révèlent sur le sujet de {q}.',
      points: ['Un carnet autour de {q}', 'Mesurer les progrès de {r} sans peine', 'Relire ses propres notes de {p}'],
      nouns: ['le carnet', 'le décompte simple', 'le bilan mensuel', 'la note datée'],
      intro: 'tient des notes simples qui montrent si tout cela fonctionne',
      recap: 'a tenu des notes simples et montré comment les lire',
    },
    {
      title: 'Quand les choses tournent mal\u00a0: {p}',
      description: 'Que faire quand les choses tournent mal en matière de {p}, et comment distinguer un souci passager d’un problème sérieux autour de {q}.',
      points: ['Diagnostiquer les soucis autour de {q}', 'Problèmes sérieux et passagers en matière de {r}', 'Quand demander de l’aide en matière de {p}'],
      nouns: ['le premier signe', 'le revers soudain', 'la première heure au calme', 'le second avis'],
      intro: 'traite des ennuis\u00a0: comment les repérer tôt et que faire d’abord',
      recap: 'a traité des ennuis, du premier signe jusqu’au remède',
    },
  ],
  frameNouns: {
    introduction: ['ce livre', 'chaque chapitre à venir', 'votre premier pas', 'votre propre carnet', 'l’ordre des chapitres'],
    summary: ['la leçon principale de ces chapitres', 'le mois qui vient', 'l’habitude qui est restée', 'un premier petit projet', 'la question encore ouverte'],
  },
  clauses: [
    '{a} vous en dira plus sur le sujet de {s} que n’importe quel plan',
    'peu de gens pensent à {a} avant que la question de {s} ne se pose',
    'une courte note sur {a} {w} vous fera gagner des heures',
    '{a} peut sembler un détail, mais {w}, c’est souvent là que se joue la question de {s}',
    'si le rôle de {a} vous semble flou, changez une seule chose en matière de {s}',
    'personne ne réussit {a} du premier coup en matière de {s}',
    'expliquez {a} à un ami {w}',
    'interrogez un habitué de {p} sur {a}',
    '{w}, on voit que {a} et {b} agissent l’un sur l’autre',
    'commencez petit avec {a}, et laissez la question de {s} vous montrer quoi ajouter',
    'sans {a}, le travail autour de {s} part à la dérive',
    'comparez {a} et {b}, et voyez ce qui compte le plus en matière de {s}',
    '{w}, {a} récompense la patience',
    'les premiers signes de difficulté en matière de {s} apparaissent souvent du côté de {a}',
    '{w}, accordez dix minutes honnêtes à {a}',
    'un ami qui débute en matière de {q} repérera vite les lacunes de {a}',
    'en matière de {s}, traitez {a} comme une question, pas comme un verdict',
    'une fois que vous comprenez {a}, vous pouvez planifier {b} en confiance',
    'un petit changement du côté de {a} peut faire beaucoup avancer le travail autour de {s}',
    '{w}, esquissez {a} sur une feuille',
    'si le travail autour de {s} cale, revenez à {a}',
    'inscrivez {a} dans l’agenda {w}',
    'les habitués de {q} disent que trois questions sur {a} suffisent',
    '{w}, reliez {a} à {b}\u00a0: les deux deviennent plus simples',
    'notez vos doutes sur {a} dans vos notes sur le sujet de {s}',
    'cela vaut la peine de jeter un second regard sur {a} {w}',
  ],
  questions: [
    'Que vous apprend {a} sur le sujet de {s}\u00a0?',
    'À quoi ressemblerait le travail autour de {s} si {a} se passait bien\u00a0?',
    'Quelle place tient {a} dans le domaine de {p}\u00a0?',
    'Quelle partie de {a} pourriez-vous tester {w}\u00a0?',
    'Le temps passé sur {a} aide-t-il le travail autour de {s}, ou vous occupe-t-il seulement\u00a0?',
    'Quand avez-vous regardé {a} de près pour la dernière fois\u00a0?',
  ],
  leads: ['En pratique,', 'Le plus souvent,', 'Au début,', 'Avec le temps,', 'À la longue,', 'En règle générale,', 'Malgré tout,', 'Avant tout,', 'Par expérience,', 'En bref,'],
  joins: ['\u00a0; ', ', et '],
  moments: ['dès le premier mois', 'vers la troisième semaine', 'au bout d’un an', 'un week-end tranquille', 'à la fin de chaque semaine', 'avant la saison chargée', 'un mardi ordinaire', 'tous les deux ou trois jours', 'après le premier revers', 'une fois par mois', 'quand le temps manque', 'avant l’étape suivante'],
  sectionOpeners: [
    'Cette partie du chapitre porte sur le sujet de {s}, et commence par {a}.',
    'En matière de {s}, on voit {a} à l’œuvre.',
    'Passons maintenant au sujet de {s}, et plus précisément à {a}.',
    'Pensons un instant au sujet de {s}, en partant de {a}.',
    'Les questions de cette partie tournent autour de {s} et de {a}.',
  ],
  citations: [
    'Sur {a}, {source} est direct\u00a0: «\u00a0{quote}\u00a0» [{n}].',
    'Une phrase de {source} convient bien à {a}\u00a0: «\u00a0{quote}\u00a0» [{n}].',
    'Comparez {a} avec ce que note {source}\u00a0: «\u00a0{quote}\u00a0» [{n}].',
  ],
  opening: { first: 'Ce chapitre porte sur le sujet de {p}, vu sous l’angle de {a}.', after: 'Après «\u00a0{prev}\u00a0», ce chapitre passe au sujet de {p} et à {a}.' },
  frame: {
    introduction: 'Ce livre, «\u00a0{title}\u00a0», s’adresse aux lecteurs qui veulent faire passer le travail de {p} d’une bonne intention à une pratique réelle.',
    summary: 'Nous sommes partis d’une promesse simple\u00a0: rendre concret le travail de {p}. En relisant les chapitres, on voit quelques fils les traverser tous.',
    tour: 'Le chapitre {n}, «\u00a0{title}\u00a0», {what}.',
  },
  stop: '.',
  space: ' ',
  heading: capitalise,
  tidy: frenchElision,
  words: {
    stop: ['le', 'la', 'les', 'un', 'une', 'des', 'de', 'du', 'en', 'à', 'au', 'aux', 'avec', 'pour', 'par', 'sur', 'sans', 'dans', 'ou', 'que', 'qui', 'comment', 'guide', 'pratique', 'manuel', 'livre', 'introduction'],
    articles: ['le', 'la', 'les'],
    and: ['et'],
    inText: lowerTitleWord,
    fallback: 'le sujet du livre',
  },
  assist: {
    expansion: 'Voici à quoi cela ressemble en pratique dans «\u00a0{c}\u00a0»\u00a0: chaque étape s’appuie sur la précédente, et l’idée devient une habitude plutôt qu’un projet.',
    continuation: 'Dans cette lignée, la prochaine étape de «\u00a0{c}\u00a0» consiste à essayer une fois, à petite échelle, et à observer ce qui change. Ce qui marche reste\u00a0; ce qui ne marche pas est la prochaine chose à ajuster.',
    styleLeads: { practical: 'En pratique,', academic: 'Comme le suggèrent les données,', narrative: 'Imaginez la scène\u00a0:', reference: 'En bref,' },
    otherLead: 'Pour le dire simplement,',
    lowerAfterLead: true,
    revised: '(Révisé à votre demande\u00a0: {i})',
  },
};
