/**
 * Country bank: local names, cities, phone formats, address styles, company suffixes and
 * universities. The universities are real public institutions (names only); people, companies
 * and streets are made up.
 */
import type { Lang } from './languages.ts';
import type { Rng } from '../rng.ts';

export interface City {
  city: string;
  /** State, province or region printed after the city in some styles. */
  region?: string;
  postal: string;
}

export interface Country {
  code: string;
  /** Languages a resume from this country is written in (first: most common). */
  langs: readonly Lang[];
  /** The country's name in English and in its own language. */
  name: { en: string; local: string };
  first: readonly string[];
  last: readonly string[];
  cities: readonly City[];
  /** A phone number in a local style (with or without the country code). */
  phone(rng: Rng): string;
  /** The contact-block location ("Lyon, France", "10115 Berlin", "Austin, TX"). */
  location(rng: Rng, c: City): string;
  /** A street line ("Hauptstraße 12", "12 rue des Lilas"). */
  street(rng: Rng): string;
  /** A full postal address as printed on one line. */
  address(rng: Rng, c: City): string;
  companySuffix: readonly string[];
  universities: readonly string[];
  emailDomains: readonly string[];
}

const d = (rng: Rng, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
const nz = (rng: Rng) => String(rng.int(1, 9));

export const countries: readonly Country[] = [
  {
    code: 'US',
    langs: ['en'],
    name: { en: 'USA', local: 'USA' },
    first: [
      'Emily',
      'Michael',
      'Jessica',
      'David',
      'Ashley',
      'Christopher',
      'Samantha',
      'Brandon',
      'Megan',
      'Tyler',
      'Olivia',
      'Jordan',
    ],
    last: [
      'Johnson',
      'Miller',
      'Davis',
      'Rodriguez',
      'Thompson',
      'Walker',
      'Hernandez',
      'Mitchell',
      'Carter',
      'Brooks',
      'Reed',
      'Coleman',
    ],
    cities: [
      { city: 'Austin', region: 'TX', postal: '78701' },
      { city: 'Seattle', region: 'WA', postal: '98101' },
      { city: 'Chicago', region: 'IL', postal: '60601' },
      { city: 'Denver', region: 'CO', postal: '80202' },
      { city: 'Boston', region: 'MA', postal: '02108' },
      { city: 'Atlanta', region: 'GA', postal: '30303' },
    ],
    phone: (rng) =>
      rng.pick([
        `(${nz(rng)}${d(rng, 2)}) ${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`,
        `${nz(rng)}${d(rng, 2)}-${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`,
        `+1 ${nz(rng)}${d(rng, 2)} ${nz(rng)}${d(rng, 2)} ${d(rng, 4)}`,
      ]),
    location: (rng, c) =>
      rng.pick([`${c.city}, ${c.region}`, `${c.city}, ${c.region} ${c.postal}`]),
    street: (rng) =>
      `${rng.int(10, 9800)} ${rng.pick(['Oak', 'Maple', 'Cedar', 'Lake', 'Hill', 'Park'])} ${rng.pick(['Street', 'Avenue', 'Drive', 'Lane'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city}, ${c.region} ${c.postal}`;
    },
    companySuffix: ['Inc.', 'LLC', 'Corp.', ''],
    universities: [
      'University of Texas at Austin',
      'University of Washington',
      'University of Illinois Urbana-Champaign',
      'Boston University',
      'Georgia Institute of Technology',
      'University of Colorado Boulder',
    ],
    emailDomains: ['gmail.com', 'outlook.com', 'yahoo.com'],
  },
  {
    code: 'UK',
    langs: ['en'],
    name: { en: 'United Kingdom', local: 'United Kingdom' },
    first: [
      'Oliver',
      'Amelia',
      'Harry',
      'Isla',
      'George',
      'Poppy',
      'Jack',
      'Freya',
      'Charlie',
      'Imogen',
      'Alfie',
      'Eleanor',
    ],
    last: [
      'Smith',
      'Taylor',
      'Hughes',
      'Evans',
      'Wright',
      'Patel',
      'Harrison',
      'Clarke',
      'Turner',
      'Ward',
      'Khan',
      'Fletcher',
    ],
    cities: [
      { city: 'London', postal: 'SE1 7PB' },
      { city: 'Manchester', postal: 'M1 4BT' },
      { city: 'Bristol', postal: 'BS1 5TR' },
      { city: 'Leeds', postal: 'LS1 4AP' },
      { city: 'Edinburgh', postal: 'EH1 1YZ' },
      { city: 'Cardiff', postal: 'CF10 1EP' },
    ],
    phone: (rng) =>
      rng.pick([
        `07${d(rng, 3)} ${d(rng, 6)}`,
        `+44 7${d(rng, 3)} ${d(rng, 6)}`,
        `+44 (0)7${d(rng, 3)} ${d(rng, 3)} ${d(rng, 3)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city}, UK`, `${c.city}, United Kingdom`]),
    street: (rng) =>
      `${rng.int(1, 220)} ${rng.pick(['Victoria', 'Church', 'Station', 'Mill', 'King'])} ${rng.pick(['Road', 'Street', 'Lane', 'Close'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city} ${c.postal}`;
    },
    companySuffix: ['Ltd', 'plc', 'Ltd.', ''],
    universities: [
      'University of Manchester',
      "King's College London",
      'University of Bristol',
      'University of Leeds',
      'University of Edinburgh',
      'Cardiff University',
    ],
    emailDomains: ['gmail.com', 'outlook.com', 'btinternet.com'],
  },
  {
    code: 'DE',
    langs: ['de', 'en'],
    name: { en: 'Germany', local: 'Deutschland' },
    first: [
      'Lukas',
      'Anna',
      'Jonas',
      'Lea',
      'Felix',
      'Laura',
      'Maximilian',
      'Sophie',
      'Tobias',
      'Katharina',
      'Jan',
      'Miriam',
    ],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Becker',
      'Hoffmann',
      'Schäfer',
      'Koch',
      'Richter',
      'Wolf',
      'Neumann',
    ],
    cities: [
      { city: 'Berlin', postal: '10115' },
      { city: 'München', postal: '80331' },
      { city: 'Hamburg', postal: '20095' },
      { city: 'Köln', postal: '50667' },
      { city: 'Leipzig', postal: '04109' },
      { city: 'Stuttgart', postal: '70173' },
    ],
    phone: (rng) =>
      rng.pick([
        `+49 1${rng.int(51, 79)} ${d(rng, 7)}`,
        `01${rng.int(51, 79)} ${d(rng, 3)} ${d(rng, 4)}`,
        `+49 (0)30 ${d(rng, 4)} ${d(rng, 3)}`,
        `0${rng.int(30, 89)}/${d(rng, 6)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.postal} ${c.city}`, `${c.city}, Deutschland`]),
    street: (rng) =>
      `${rng.pick(['Haupt', 'Linden', 'Garten', 'Schiller', 'Goethe', 'Bahnhof'])}${rng.pick(['straße', 'weg', 'allee'])} ${rng.int(1, 120)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['GmbH', 'AG', 'GmbH & Co. KG', 'SE'],
    universities: [
      'Technische Universität München',
      'Humboldt-Universität zu Berlin',
      'Universität Hamburg',
      'Universität zu Köln',
      'Universität Leipzig',
      'Universität Stuttgart',
    ],
    emailDomains: ['gmx.de', 'web.de', 'posteo.de', 'gmail.com'],
  },
  {
    code: 'FR',
    langs: ['fr', 'en'],
    name: { en: 'France', local: 'France' },
    first: [
      'Camille',
      'Louis',
      'Chloé',
      'Hugo',
      'Manon',
      'Arthur',
      'Inès',
      'Théo',
      'Léa',
      'Mathis',
      'Juliette',
      'Nathan',
    ],
    last: [
      'Martin',
      'Bernard',
      'Dubois',
      'Thomas',
      'Robert',
      'Petit',
      'Durand',
      'Leroy',
      'Moreau',
      'Lefèvre',
      'Girard',
      'Fontaine',
    ],
    cities: [
      { city: 'Paris', postal: '75011' },
      { city: 'Lyon', postal: '69003' },
      { city: 'Toulouse', postal: '31000' },
      { city: 'Nantes', postal: '44000' },
      { city: 'Bordeaux', postal: '33000' },
      { city: 'Lille', postal: '59000' },
    ],
    phone: (rng) =>
      rng.pick([
        `06 ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`,
        `+33 6 ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`,
        `07.${d(rng, 2)}.${d(rng, 2)}.${d(rng, 2)}.${d(rng, 2)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city}, France`, `${c.postal} ${c.city}`]),
    street: (rng) =>
      `${rng.int(1, 90)} ${rng.pick(['rue des Lilas', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue de la Paix', 'place du Marché'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['SA', 'SAS', 'SARL', ''],
    universities: [
      'Sorbonne Université',
      'Université Claude Bernard Lyon 1',
      'Université Toulouse III',
      'Nantes Université',
      'Université de Bordeaux',
      'Université de Lille',
    ],
    emailDomains: ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net'],
  },
  {
    code: 'ES',
    langs: ['es', 'en'],
    name: { en: 'Spain', local: 'España' },
    first: [
      'Lucía',
      'Hugo',
      'Martina',
      'Pablo',
      'Sofía',
      'Álvaro',
      'Paula',
      'Javier',
      'Carmen',
      'Diego',
      'Elena',
      'Sergio',
    ],
    last: [
      'García',
      'Fernández',
      'González',
      'López',
      'Martínez',
      'Sánchez',
      'Pérez',
      'Gómez',
      'Ruiz',
      'Navarro',
      'Torres',
      'Romero',
    ],
    cities: [
      { city: 'Madrid', postal: '28004' },
      { city: 'Barcelona', postal: '08001' },
      { city: 'Valencia', postal: '46001' },
      { city: 'Sevilla', postal: '41001' },
      { city: 'Bilbao', postal: '48001' },
      { city: 'Zaragoza', postal: '50001' },
    ],
    phone: (rng) =>
      rng.pick([
        `+34 6${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`,
        `6${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`,
        `(+34) 6${d(rng, 8)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city}, España`, `${c.postal} ${c.city}`]),
    street: (rng) =>
      `${rng.pick(['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de Gracia'])}, ${rng.int(1, 140)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['S.L.', 'S.A.', 'SL', ''],
    universities: [
      'Universidad Complutense de Madrid',
      'Universitat de Barcelona',
      'Universitat de València',
      'Universidad de Sevilla',
      'Universidad del País Vasco',
      'Universidad de Zaragoza',
    ],
    emailDomains: ['gmail.com', 'hotmail.es', 'outlook.es'],
  },
  {
    code: 'IT',
    langs: ['it', 'en'],
    name: { en: 'Italy', local: 'Italia' },
    first: [
      'Giulia',
      'Francesco',
      'Chiara',
      'Alessandro',
      'Sara',
      'Lorenzo',
      'Martina',
      'Matteo',
      'Federica',
      'Andrea',
      'Valentina',
      'Davide',
    ],
    last: [
      'Rossi',
      'Russo',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Romano',
      'Colombo',
      'Ricci',
      'Marino',
      'Greco',
      'Bruno',
      'Conti',
    ],
    cities: [
      { city: 'Milano', region: 'MI', postal: '20121' },
      { city: 'Roma', region: 'RM', postal: '00184' },
      { city: 'Torino', region: 'TO', postal: '10121' },
      { city: 'Bologna', region: 'BO', postal: '40121' },
      { city: 'Firenze', region: 'FI', postal: '50122' },
      { city: 'Napoli', region: 'NA', postal: '80133' },
    ],
    phone: (rng) =>
      rng.pick([
        `+39 3${d(rng, 2)} ${d(rng, 3)} ${d(rng, 4)}`,
        `3${d(rng, 2)} ${d(rng, 7)}`,
        `+39 3${d(rng, 2)}-${d(rng, 7)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city} (${c.region})`, `${c.city}, Italia`]),
    street: (rng) =>
      `${rng.pick(['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele', 'Via Dante', 'Piazza Cavour'])} ${rng.int(1, 80)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city} (${c.region})`;
    },
    companySuffix: ['S.p.A.', 'S.r.l.', 'Srl', ''],
    universities: [
      'Politecnico di Milano',
      'Sapienza Università di Roma',
      'Politecnico di Torino',
      'Università di Bologna',
      'Università degli Studi di Firenze',
      'Università degli Studi di Napoli Federico II',
    ],
    emailDomains: ['gmail.com', 'libero.it', 'virgilio.it'],
  },
  {
    code: 'PT',
    langs: ['pt', 'en'],
    name: { en: 'Portugal', local: 'Portugal' },
    first: [
      'Inês',
      'João',
      'Beatriz',
      'Tiago',
      'Mariana',
      'Rodrigo',
      'Carolina',
      'Diogo',
      'Leonor',
      'Gonçalo',
    ],
    last: [
      'Silva',
      'Santos',
      'Ferreira',
      'Pereira',
      'Oliveira',
      'Costa',
      'Rodrigues',
      'Martins',
      'Sousa',
      'Fernandes',
    ],
    cities: [
      { city: 'Lisboa', postal: '1100-148' },
      { city: 'Porto', postal: '4000-322' },
      { city: 'Coimbra', postal: '3000-214' },
      { city: 'Braga', postal: '4700-320' },
    ],
    phone: (rng) =>
      rng.pick([
        `+351 9${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`,
        `9${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city}, Portugal`]),
    street: (rng) =>
      `${rng.pick(['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Rua do Carmo'])}, ${rng.int(1, 200)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['Lda.', 'S.A.', ''],
    universities: [
      'Universidade de Lisboa',
      'Universidade do Porto',
      'Universidade de Coimbra',
      'Universidade do Minho',
    ],
    emailDomains: ['gmail.com', 'sapo.pt', 'outlook.pt'],
  },
  {
    code: 'BR',
    langs: ['pt', 'en'],
    name: { en: 'Brazil', local: 'Brasil' },
    first: [
      'Ana',
      'Lucas',
      'Juliana',
      'Gabriel',
      'Fernanda',
      'Rafael',
      'Camila',
      'Bruno',
      'Larissa',
      'Thiago',
      'Patrícia',
      'Felipe',
    ],
    last: [
      'Souza',
      'Lima',
      'Carvalho',
      'Almeida',
      'Ribeiro',
      'Gomes',
      'Barbosa',
      'Araújo',
      'Nascimento',
      'Moreira',
      'Cardoso',
      'Teixeira',
    ],
    cities: [
      { city: 'São Paulo', region: 'SP', postal: '01310-100' },
      { city: 'Rio de Janeiro', region: 'RJ', postal: '20040-020' },
      { city: 'Belo Horizonte', region: 'MG', postal: '30130-010' },
      { city: 'Curitiba', region: 'PR', postal: '80010-000' },
      { city: 'Recife', region: 'PE', postal: '50010-000' },
    ],
    phone: (rng) =>
      rng.pick([
        `(${rng.int(11, 99)}) 9${d(rng, 4)}-${d(rng, 4)}`,
        `+55 ${rng.int(11, 99)} 9${d(rng, 4)}-${d(rng, 4)}`,
      ]),
    location: (rng, c) =>
      rng.pick([`${c.city} - ${c.region}`, `${c.city}, ${c.region}`, `${c.city}/${c.region}`]),
    street: (rng) =>
      `${rng.pick(['Rua das Flores', 'Avenida Paulista', 'Rua XV de Novembro', 'Rua da Aurora'])}, ${rng.int(10, 2000)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city} - ${c.region}, ${c.postal}`;
    },
    companySuffix: ['Ltda.', 'S.A.', ''],
    universities: [
      'Universidade de São Paulo',
      'Universidade Federal do Rio de Janeiro',
      'Universidade Federal de Minas Gerais',
      'Universidade Federal do Paraná',
      'Universidade Federal de Pernambuco',
    ],
    emailDomains: ['gmail.com', 'hotmail.com', 'uol.com.br'],
  },
  {
    code: 'NL',
    langs: ['nl', 'en'],
    name: { en: 'Netherlands', local: 'Nederland' },
    first: [
      'Daan',
      'Emma',
      'Sem',
      'Julia',
      'Lucas',
      'Tess',
      'Bram',
      'Sanne',
      'Thijs',
      'Fleur',
      'Ruben',
      'Lotte',
    ],
    last: [
      'de Jong',
      'Jansen',
      'de Vries',
      'van den Berg',
      'Bakker',
      'Visser',
      'Smit',
      'Meijer',
      'de Boer',
      'Mulder',
      'Bos',
      'Vos',
    ],
    cities: [
      { city: 'Amsterdam', postal: '1012 AB' },
      { city: 'Rotterdam', postal: '3011 AD' },
      { city: 'Utrecht', postal: '3511 LX' },
      { city: 'Eindhoven', postal: '5611 AZ' },
      { city: 'Groningen', postal: '9711 LV' },
    ],
    phone: (rng) =>
      rng.pick([
        `06-${d(rng, 8)}`,
        `+31 6 ${d(rng, 4)} ${d(rng, 4)}`,
        `06 ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.postal} ${c.city}`, `${c.city}, Nederland`]),
    street: (rng) =>
      `${rng.pick(['Kerkstraat', 'Dorpsstraat', 'Molenweg', 'Stationsplein', 'Prinsengracht'])} ${rng.int(1, 300)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['B.V.', 'N.V.', 'BV', ''],
    universities: [
      'Universiteit van Amsterdam',
      'Erasmus Universiteit Rotterdam',
      'Universiteit Utrecht',
      'Technische Universiteit Eindhoven',
      'Rijksuniversiteit Groningen',
    ],
    emailDomains: ['gmail.com', 'ziggo.nl', 'kpnmail.nl'],
  },
  {
    code: 'CN',
    langs: ['zh', 'en'],
    name: { en: 'China', local: '中国' },
    first: ['伟', '芳', '娜', '敏', '静', '磊', '洋', '婷', '杰', '欣怡', '子轩', '雨桐'],
    last: ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'],
    cities: [
      { city: '北京', postal: '100000' },
      { city: '上海', postal: '200000' },
      { city: '深圳', postal: '518000' },
      { city: '杭州', postal: '310000' },
      { city: '成都', postal: '610000' },
      { city: '武汉', postal: '430000' },
    ],
    phone: (rng) =>
      rng.pick([
        `138-${d(rng, 4)}-${d(rng, 4)}`,
        `+86 139 ${d(rng, 4)} ${d(rng, 4)}`,
        `15${d(rng, 9)}`,
        `186 ${d(rng, 4)} ${d(rng, 4)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.city}市`, `中国 ${c.city}`]),
    street: (rng) => `${rng.pick(['中山路', '人民路', '建设路', '解放路'])}${rng.int(1, 300)}号`,
    address: function (rng, c) {
      return `${c.city}市${this.street(rng)}`;
    },
    companySuffix: ['有限公司', '股份有限公司', '集团'],
    universities: ['清华大学', '北京大学', '复旦大学', '浙江大学', '四川大学', '武汉大学'],
    emailDomains: ['163.com', 'qq.com', '126.com', 'gmail.com'],
  },
  {
    code: 'IN',
    langs: ['en'],
    name: { en: 'India', local: 'India' },
    first: [
      'Aarav',
      'Priya',
      'Rohan',
      'Ananya',
      'Vikram',
      'Sneha',
      'Arjun',
      'Kavya',
      'Rahul',
      'Divya',
      'Aditya',
      'Neha',
    ],
    last: [
      'Sharma',
      'Patel',
      'Reddy',
      'Iyer',
      'Gupta',
      'Nair',
      'Singh',
      'Kumar',
      'Menon',
      'Joshi',
      'Rao',
      'Desai',
    ],
    cities: [
      { city: 'Bengaluru', region: 'Karnataka', postal: '560001' },
      { city: 'Mumbai', region: 'Maharashtra', postal: '400001' },
      { city: 'Hyderabad', region: 'Telangana', postal: '500001' },
      { city: 'Pune', region: 'Maharashtra', postal: '411001' },
      { city: 'Chennai', region: 'Tamil Nadu', postal: '600001' },
    ],
    phone: (rng) =>
      rng.pick([
        `+91 9${d(rng, 4)} ${d(rng, 5)}`,
        `+91-9${d(rng, 9)}`,
        `9${d(rng, 4)}-${d(rng, 5)}`,
      ]),
    location: (rng, c) => rng.pick([`${c.city}, India`, `${c.city}, ${c.region}`, c.city]),
    street: (rng) =>
      `${rng.int(1, 99)}, ${rng.pick(['MG Road', '2nd Cross, Indiranagar', 'Linking Road', 'Anna Salai'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city} ${c.postal}`;
    },
    companySuffix: ['Pvt. Ltd.', 'Ltd.', 'Technologies', ''],
    universities: [
      'Indian Institute of Technology Bombay',
      'Indian Institute of Science',
      'Anna University',
      'University of Pune',
      'National Institute of Technology Warangal',
    ],
    emailDomains: ['gmail.com', 'outlook.com', 'yahoo.co.in'],
  },
  {
    code: 'CA',
    langs: ['en', 'fr'],
    name: { en: 'Canada', local: 'Canada' },
    first: [
      'Liam',
      'Charlotte',
      'Noah',
      'Chloe',
      'Ethan',
      'Avery',
      'Logan',
      'Maya',
      'Owen',
      'Zoe',
      'Félix',
      'Gabrielle',
    ],
    last: [
      'Tremblay',
      'Roy',
      'MacDonald',
      'Wilson',
      'Gagnon',
      'Campbell',
      'Anderson',
      'Côté',
      'Bouchard',
      'Stewart',
      'Lee',
      'Morin',
    ],
    cities: [
      { city: 'Toronto', region: 'ON', postal: 'M5V 2T6' },
      { city: 'Montréal', region: 'QC', postal: 'H2X 1Y4' },
      { city: 'Vancouver', region: 'BC', postal: 'V6B 1A1' },
      { city: 'Calgary', region: 'AB', postal: 'T2P 1J9' },
      { city: 'Ottawa', region: 'ON', postal: 'K1P 5J2' },
    ],
    phone: (rng) =>
      rng.pick([
        `(${rng.pick(['416', '514', '604', '403', '613'])}) ${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`,
        `+1 ${rng.pick(['416', '514', '604'])}-${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`,
      ]),
    location: (rng, c) => rng.pick([`${c.city}, ${c.region}`, `${c.city}, ${c.region}, Canada`]),
    street: (rng) =>
      `${rng.int(10, 999)} ${rng.pick(['King Street West', 'rue Sainte-Catherine', 'Granville Street', 'Bank Street'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city}, ${c.region} ${c.postal}`;
    },
    companySuffix: ['Inc.', 'Ltd.', 'inc.', ''],
    universities: [
      'University of Toronto',
      'McGill University',
      'University of British Columbia',
      'University of Calgary',
      'University of Ottawa',
    ],
    emailDomains: ['gmail.com', 'outlook.com', 'videotron.ca'],
  },
  {
    code: 'AU',
    langs: ['en'],
    name: { en: 'Australia', local: 'Australia' },
    first: [
      'Jack',
      'Mia',
      'William',
      'Ruby',
      'Lachlan',
      'Chloe',
      'Cooper',
      'Sienna',
      'Riley',
      'Matilda',
      'Hamish',
      'Georgia',
    ],
    last: [
      'Jones',
      'Williams',
      'Brown',
      'Wilson',
      'Nguyen',
      'Kelly',
      'Murphy',
      'Ryan',
      'Martin',
      'Campbell',
      'Walsh',
      'Cooper',
    ],
    cities: [
      { city: 'Sydney', region: 'NSW', postal: '2000' },
      { city: 'Melbourne', region: 'VIC', postal: '3000' },
      { city: 'Brisbane', region: 'QLD', postal: '4000' },
      { city: 'Perth', region: 'WA', postal: '6000' },
      { city: 'Adelaide', region: 'SA', postal: '5000' },
    ],
    phone: (rng) =>
      rng.pick([
        `04${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`,
        `+61 4${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`,
      ]),
    location: (rng, c) =>
      rng.pick([
        `${c.city}, ${c.region}`,
        `${c.city} ${c.region} ${c.postal}`,
        `${c.city}, Australia`,
      ]),
    street: (rng) =>
      `${rng.int(1, 400)} ${rng.pick(['George Street', 'Collins Street', 'Queen Street', 'Hay Street'])}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.city} ${c.region} ${c.postal}`;
    },
    companySuffix: ['Pty Ltd', 'Ltd', ''],
    universities: [
      'University of Sydney',
      'University of Melbourne',
      'University of Queensland',
      'University of Western Australia',
      'University of Adelaide',
    ],
    emailDomains: ['gmail.com', 'bigpond.com', 'outlook.com'],
  },
  {
    code: 'CH',
    langs: ['de', 'fr', 'en'],
    name: { en: 'Switzerland', local: 'Schweiz' },
    first: [
      'Luca',
      'Nina',
      'Noah',
      'Lena',
      'Elias',
      'Alina',
      'Samuel',
      'Laura',
      'Nicolas',
      'Céline',
    ],
    last: [
      'Meier',
      'Keller',
      'Brunner',
      'Baumann',
      'Frei',
      'Gerber',
      'Zimmermann',
      'Favre',
      'Rochat',
      'Huber',
    ],
    cities: [
      { city: 'Zürich', postal: '8001' },
      { city: 'Bern', postal: '3011' },
      { city: 'Basel', postal: '4051' },
      { city: 'Genève', postal: '1201' },
      { city: 'Lausanne', postal: '1003' },
    ],
    phone: (rng) =>
      rng.pick([
        `+41 7${rng.int(6, 9)} ${d(rng, 3)} ${d(rng, 2)} ${d(rng, 2)}`,
        `07${rng.int(6, 9)} ${d(rng, 3)} ${d(rng, 2)} ${d(rng, 2)}`,
      ]),
    location: (rng, c) => rng.pick([c.city, `${c.postal} ${c.city}`, `${c.city}, Schweiz`]),
    street: (rng) =>
      `${rng.pick(['Bahnhofstrasse', 'Seestrasse', 'Rue du Rhône', 'Marktgasse'])} ${rng.int(1, 90)}`,
    address: function (rng, c) {
      return `${this.street(rng)}, ${c.postal} ${c.city}`;
    },
    companySuffix: ['AG', 'GmbH', 'SA', ''],
    universities: [
      'ETH Zürich',
      'Universität Bern',
      'Universität Basel',
      'Université de Genève',
      'EPFL',
    ],
    emailDomains: ['gmail.com', 'bluewin.ch', 'gmx.ch'],
  },
];

export const countryByCode = (code: string): Country => {
  const c = countries.find((x) => x.code === code);
  if (!c) throw new Error(`unknown country ${code}`);
  return c;
};
