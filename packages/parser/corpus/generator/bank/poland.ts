/**
 * Polish personas for the LinkedIn family (Polish is one of LinkedIn's interface languages; the
 * general bank has no Polish resumes): names, cities with their voivodeships, phone style,
 * universities and company suffixes. People and companies are made up; universities are real
 * public institutions (names only).
 */
import type { Rng } from '../rng.ts';

export const poland = {
  name: 'Polska',
  first: [
    'Anna',
    'Katarzyna',
    'Magdalena',
    'Agnieszka',
    'Joanna',
    'Piotr',
    'Tomasz',
    'Paweł',
    'Michał',
    'Krzysztof',
    'Łukasz',
    'Małgorzata',
  ],
  last: [
    'Nowak',
    'Kowalczyk',
    'Wiśniewski',
    'Wójcik',
    'Kamiński',
    'Lewandowski',
    'Zieliński',
    'Szymański',
    'Woźniak',
    'Dąbrowski',
    'Kozłowski',
    'Jankowski',
  ],
  cities: [
    { city: 'Warszawa', region: 'Mazowieckie' },
    { city: 'Kraków', region: 'Małopolskie' },
    { city: 'Wrocław', region: 'Dolnośląskie' },
    { city: 'Poznań', region: 'Wielkopolskie' },
    { city: 'Gdańsk', region: 'Pomorskie' },
    { city: 'Łódź', region: 'Łódzkie' },
  ],
  universities: [
    'Politechnika Warszawska',
    'Uniwersytet Jagielloński',
    'Uniwersytet Warszawski',
    'Politechnika Wrocławska',
    'Akademia Górniczo-Hutnicza w Krakowie',
    'Uniwersytet Ekonomiczny w Poznaniu',
  ],
  companySuffix: ['Sp. z o.o.', 'S.A.', ''],
  phone: (rng: Rng): string => `+48 ${rng.int(500, 799)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
} as const;
