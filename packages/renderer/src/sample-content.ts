import { sectionKeys, type PortfolioContent } from '@folio/core';

/** A realistic, clearly fictional persona for previews and gallery thumbnails. */
export const sampleContent: PortfolioContent = {
  data: {
    contact: {
      name: 'Jane Doe',
      title: 'Senior Product Engineer',
      email: 'jane.doe@example.com',
      phone: '+1 (555) 010-0199',
      location: 'Portland, Oregon',
      portfolio: 'janedoe.example.com',
      github: 'jane-doe-example',
      linkedin: 'linkedin.com/in/jane-doe-example',
    },
    summary:
      'Product engineer with eight years of experience turning fuzzy ideas into fast, accessible web products. I care about clear interfaces, honest metrics and teams that ship small changes often.\nLately I have been leading the front-end platform at a logistics start-up, where our design system now powers four products.',
    experience: [
      {
        company: 'Northwind Logistics',
        position: 'Senior Product Engineer',
        location: 'Portland, OR (hybrid)',
        dates: 'Mar 2021 – Present',
        description: [
          'Lead a team of five building the shipper dashboard used by 12,000 businesses.',
          'Introduced a shared design system and component library adopted by four product teams.',
        ],
        achievements: [
          'Cut dashboard load time from 4.1 s to 1.3 s by moving reports to streamed server rendering.',
          'Raised the accessibility audit score from 62 to 98 across the customer-facing apps.',
        ],
        technologies: ['TypeScript', 'React', 'Node.js', 'PostgreSQL'],
      },
      {
        company: 'Bluebird Health',
        position: 'Software Engineer',
        location: 'Seattle, WA',
        dates: 'Jun 2018 – Feb 2021',
        description: [
          'Built the appointment booking flow and patient messaging for a telehealth app with 300k users.',
        ],
        achievements: ['Shipped an offline-first mobile web app that halved missed appointments.'],
        technologies: ['Vue', 'GraphQL', 'AWS'],
      },
      {
        company: 'Fictional Studio',
        position: 'Junior Web Developer',
        location: 'Remote',
        dates: 'Aug 2016 – May 2018',
        description: ['Delivered 30+ marketing sites and e-commerce stores for small businesses.'],
        technologies: ['JavaScript', 'PHP', 'CSS'],
      },
    ],
    education: [
      {
        institution: 'Pacific State University',
        degree: 'B.Sc.',
        field_of_study: 'Computer Science',
        dates: '2012 – 2016',
        gpa: '3.8 / 4.0',
        courses: ['Human–Computer Interaction', 'Distributed Systems', 'Algorithms'],
        achievements: ["Dean's list, six semesters"],
      },
    ],
    projects: [
      {
        name: 'Tidepool',
        url: 'https://tidepool.example.com',
        dates: '2024',
        status: 'Live',
        description: [
          'A calm reading app that turns saved articles into a weekly printed-style digest.',
        ],
        features: ['Offline reading', 'Highlights export to Markdown'],
        technologies: ['SvelteKit', 'SQLite'],
      },
      {
        name: 'Plotline',
        url: 'github.com/jane-doe-example/plotline',
        dates: '2023',
        status: 'Open source',
        description: [
          'A tiny charting library for accessible, screen-reader-friendly line charts.',
        ],
        technologies: ['TypeScript', 'SVG'],
      },
      {
        name: 'Bike Commute Planner',
        dates: '2022',
        description: ['Route planner that ranks bike routes by traffic stress and elevation.'],
        technologies: ['Python', 'OpenStreetMap'],
      },
    ],
    skills: {
      technical: [
        'TypeScript',
        'React',
        'Node.js',
        'PostgreSQL',
        'GraphQL',
        'Accessibility (WCAG)',
      ],
      tools: ['Figma', 'Playwright', 'Docker', 'GitHub Actions'],
      soft: ['Mentoring', 'Technical writing', 'Workshop facilitation'],
      certifications: ['AWS Certified Developer – Associate'],
    },
    extracurricular: [
      'Organiser of the monthly Portland Web Accessibility meetup',
      'Volunteer coding coach at a community college bootcamp',
    ],
    awards: [
      'Northwind Engineering Award for Customer Impact, 2023',
      'Hackathon winner, CivicHack 2019',
    ],
    publications: [
      {
        title: 'Designing charts everyone can read',
        venue: 'Smashing-style Web Journal, 2023',
        url: 'https://blog.example.com/accessible-charts',
      },
    ],
    verbal_languages: ['English (native)', 'Spanish (professional)', 'Japanese (basic)'],
  },
  styles: { global: {}, sections: {} },
  settings: {
    metaTitle: 'Jane Doe — Senior Product Engineer',
    metaDescription:
      'Jane Doe is a product engineer in Portland building fast, accessible web products. Experience, projects and contact details.',
    showContactForm: true,
    sectionOrder: [...sectionKeys],
  },
};
