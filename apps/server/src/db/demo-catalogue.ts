import type { TemplateContent } from '@aceite/shared/schemas/templates';

/** Demo clients: Portuguese companies with real-looking addresses (fictional people and tax ids). */
export const DEMO_CLIENTS = [
  [
    'Marta Sousa',
    'Padaria Central do Porto, Lda',
    'marta.sousa@padariacentral.pt',
    '+351 222 004 118',
    '513204873',
    'Rua de Santa Catarina 210',
    'Porto',
    '4000-447',
  ],
  [
    'Ricardo Matos',
    'Matos & Filhos Construções',
    'ricardo@matosfilhos.pt',
    '+351 239 401 220',
    '507889126',
    'Avenida Fernão de Magalhães 45',
    'Coimbra',
    '3000-175',
  ],
  [
    'Inês Carvalho',
    'Clínica Dentária Sorriso',
    'ines.carvalho@clinicasorriso.pt',
    '+351 213 550 890',
    '514556201',
    'Avenida da República 80',
    'Lisboa',
    '1050-208',
  ],
  [
    'Tiago Ribeiro',
    'Vinhos do Douro Ribeiro',
    'tiago@vinhosribeiro.pt',
    '+351 254 312 007',
    '508341992',
    'Rua dos Camilos 12',
    'Peso da Régua',
    '5050-272',
  ],
  [
    'Sara Fonseca',
    'Fonseca Arquitetos',
    'sara@fonsecaarq.pt',
    '+351 253 610 340',
    '515003117',
    'Praça da República 5',
    'Braga',
    '4710-305',
  ],
  [
    'Pedro Nogueira',
    'Hotel Mar Azul',
    'reservas@hotelmarazul.pt',
    '+351 289 580 120',
    '502776430',
    'Avenida Tomás Cabreira 9',
    'Portimão',
    '8500-802',
  ],
  [
    'Catarina Lopes',
    'Lopes Contabilidade',
    'catarina@lopescontas.pt',
    '+351 265 520 443',
    '509118604',
    'Avenida Luísa Todi 300',
    'Setúbal',
    '2900-452',
  ],
  [
    'Miguel Antunes',
    'TechNova Software',
    'miguel.antunes@technova.pt',
    '+351 234 370 880',
    '516220349',
    'Rua Dr. Mário Sacramento 30',
    'Aveiro',
    '3810-106',
  ],
  [
    'Beatriz Moreira',
    'Ginásio Vitalidade',
    'beatriz@vitalidade.pt',
    '+351 226 197 530',
    '510447825',
    'Rua Brito Capelo 150',
    'Matosinhos',
    '4450-073',
  ],
  [
    'João Pires',
    'Pires Transportes',
    'joao.pires@pirestransportes.pt',
    '+351 244 830 210',
    '503992611',
    'Estrada de Leiria 1200',
    'Leiria',
    '2400-441',
  ],
  [
    'Ana Teixeira',
    'Escola de Línguas Horizonte',
    'ana@horizonte-linguas.pt',
    '+351 266 740 600',
    '511640287',
    'Rua de Aviz 22',
    'Évora',
    '7000-591',
  ],
  [
    'Rui Gonçalves',
    'Gonçalves Imobiliária',
    'rui@goncalvesimo.pt',
    '+351 214 863 900',
    '505310774',
    'Avenida Marginal 6500',
    'Cascais',
    '2750-428',
  ],
  [
    'Sofia Martins',
    'Atelier Linho & Renda',
    'sofia@linhorenda.pt',
    '+351 258 809 330',
    '517002456',
    'Rua Manuel Espregueira 44',
    'Viana do Castelo',
    '4900-318',
  ],
  [
    'Nuno Cardoso',
    'Restaurante O Pescador',
    'nuno@opescador.pt',
    '+351 262 552 180',
    '506774390',
    'Rua Mouzinho de Albuquerque 3',
    'Nazaré',
    '2450-081',
  ],
  [
    'Helena Duarte',
    'Farmácia Duarte',
    'helena@farmaciaduarte.pt',
    '+351 291 223 450',
    '500812339',
    'Rua da Carreira 90',
    'Funchal',
    '9000-042',
  ],
] as const;

/** The demo organization's NIF: fictional, with a valid check digit (docs/product.md#tax-ids). */
export const DEMO_ORGANIZATION_TAX_ID = '509876544';

/** The demo's block library (docs/product.md#block-library): texts a seller inserts in most proposals. */
export const DEMO_BLOCKS: { name: string; title: string; content: string }[] = [
  {
    name: 'Condições de pagamento',
    title: 'Condições de pagamento',
    content:
      '50 % na adjudicação e 50 % na entrega, por transferência bancária a 30 dias da data da fatura.\nAos valores acresce o IVA à taxa legal em vigor.',
  },
  {
    name: 'Garantia',
    title: 'Garantia',
    content:
      'Os trabalhos entregues têm 12 meses de garantia: corrigimos sem custos qualquer defeito que nos seja comunicado nesse prazo.',
  },
  {
    name: 'Sobre nós',
    title: 'Sobre nós',
    content:
      'A Demo Lda ajuda pequenas e médias empresas a vender online desde 2012, com equipas em Lisboa e no Porto e mais de 300 projetos entregues.',
  },
  {
    name: 'Prazos e entrega',
    title: 'Prazos e entrega',
    content:
      'O prazo conta a partir da adjudicação e da receção dos conteúdos. Cada fase termina com uma reunião de validação.',
  },
];

/** Demo catalogue: [name, description, sku, category, price in cents, unit]. */
export const DEMO_PRODUCTS = [
  [
    'Website institucional',
    'Site responsivo até 8 páginas com CMS',
    'WEB-001',
    'Desenvolvimento Web',
    250000,
    'projeto',
  ],
  [
    'Loja online',
    'E-commerce com pagamentos MB WAY e Multibanco',
    'WEB-002',
    'Desenvolvimento Web',
    650000,
    'projeto',
  ],
  [
    'Landing page',
    'Página de campanha otimizada para conversão',
    'WEB-003',
    'Desenvolvimento Web',
    80000,
    'projeto',
  ],
  [
    'Manutenção de website',
    'Atualizações, cópias de segurança e monitorização',
    'WEB-010',
    'Desenvolvimento Web',
    9500,
    'mês',
  ],
  ['Alojamento web', 'Alojamento gerido com certificado SSL', 'HOST-001', 'Alojamento', 1500, 'mês'],
  ['Domínio .pt', 'Registo ou renovação de domínio .pt', 'HOST-002', 'Alojamento', 2000, 'ano'],
  [
    'Identidade visual',
    'Logótipo, paleta, tipografia e manual de marca',
    'DES-001',
    'Design',
    180000,
    'projeto',
  ],
  ['Design de interface', 'Protótipos e design de ecrãs em Figma', 'DES-002', 'Design', 5500, 'hora'],
  [
    'Fotografia de produto',
    'Sessão em estúdio com 20 fotografias editadas',
    'DES-010',
    'Design',
    45000,
    'dia',
  ],
  [
    'Gestão de redes sociais',
    'Planeamento e publicação em 2 redes, 12 posts',
    'MKT-001',
    'Marketing Digital',
    60000,
    'mês',
  ],
  [
    'Campanha Google Ads',
    'Configuração e gestão de campanha (sem investimento)',
    'MKT-002',
    'Marketing Digital',
    35000,
    'mês',
  ],
  [
    'Auditoria SEO',
    'Análise técnica e de conteúdo com plano de ação',
    'MKT-003',
    'Marketing Digital',
    90000,
    'projeto',
  ],
  ['Newsletter mensal', 'Redação e envio de newsletter', 'MKT-004', 'Marketing Digital', 25000, 'mês'],
  [
    'Consultoria estratégica',
    'Sessão com a direção sobre transformação digital',
    'CON-001',
    'Consultoria',
    12000,
    'hora',
  ],
  ['Workshop de equipa', 'Formação presencial de meio dia', 'CON-002', 'Consultoria', 75000, 'dia'],
  ['Licença CRM', 'Licença de software CRM por utilizador', 'SW-001', 'Software', 2900, 'usuário'],
  ['Licença de faturação', 'Software de faturação certificado pela AT', 'SW-002', 'Software', 9900, 'ano'],
  [
    'Implementação de CRM',
    'Configuração, importação de dados e formação',
    'SW-010',
    'Software',
    320000,
    'projeto',
  ],
  ['Suporte técnico', 'Bolsa de horas de suporte remoto', 'SUP-001', 'Suporte', 4500, 'hora'],
  [
    'Contrato de suporte anual',
    'Suporte prioritário com SLA de 4 horas',
    'SUP-002',
    'Suporte',
    240000,
    'ano',
  ],
] as const;

interface DemoTemplate {
  name: string;
  description: string;
  category: 'consultoria' | 'desenvolvimento' | 'design' | 'marketing' | 'vendas' | 'outro';
  tags: string[];
  content: TemplateContent;
}

const text = (id: string, title: string, content: string) => ({ id, type: 'text' as const, title, content });
const list = (id: string, title: string, content: string) => ({ id, type: 'list' as const, title, content });
const item = (id: string, name: string, quantity: number, unit: string, unitPrice: number) => ({
  id,
  name,
  description: '',
  quantity,
  unit,
  unitPrice,
  discount: 0,
  tax: 23,
});

/** The organization's own templates in the demo. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Website para PME',
    description: 'Proposta completa de site institucional com CMS, alojamento e manutenção no primeiro ano.',
    category: 'desenvolvimento',
    tags: ['website', 'pme', 'cms'],
    content: {
      blocks: [
        text(
          'b1',
          'Enquadramento',
          'A sua empresa precisa de uma presença online moderna, rápida e fácil de atualizar.',
        ),
        list(
          'b2',
          'O que inclui',
          'Design à medida\nAté 8 páginas\nFormulário de contacto\nOtimização para telemóvel',
        ),
        text('b3', 'Prazos', 'Entrega em 6 semanas após aprovação do design.'),
      ],
      items: [
        item('i1', 'Website institucional', 1, 'projeto', 250000),
        item('i2', 'Alojamento web (12 meses)', 12, 'mês', 1500),
        item('i3', 'Domínio .pt', 1, 'ano', 2000),
      ],
    },
  },
  {
    name: 'Campanha de marketing digital',
    description: 'Três meses de redes sociais e Google Ads com relatório mensal de resultados.',
    category: 'marketing',
    tags: ['redes sociais', 'ads'],
    content: {
      blocks: [
        text('b1', 'Objetivos', 'Aumentar a notoriedade da marca e gerar contactos qualificados.'),
        list('b2', 'Entregáveis', 'Calendário editorial\n12 publicações por mês\nRelatório mensal'),
      ],
      items: [
        item('i1', 'Gestão de redes sociais', 3, 'mês', 60000),
        item('i2', 'Campanha Google Ads', 3, 'mês', 35000),
      ],
    },
  },
  {
    name: 'Identidade visual',
    description: 'Criação de marca: logótipo, paleta de cores, tipografia e manual de normas.',
    category: 'design',
    tags: ['marca', 'logótipo'],
    content: {
      blocks: [
        text(
          'b1',
          'Processo',
          'Briefing, três propostas de conceito, duas rondas de revisão e entrega final.',
        ),
      ],
      items: [item('i1', 'Identidade visual', 1, 'projeto', 180000)],
    },
  },
  {
    name: 'Consultoria de transformação digital',
    description: 'Diagnóstico, workshop com a equipa e plano de ação a 12 meses.',
    category: 'consultoria',
    tags: ['estratégia', 'workshop'],
    content: {
      blocks: [
        text('b1', 'Diagnóstico', 'Entrevistas com as áreas-chave e análise dos processos atuais.'),
        list(
          'b2',
          'Resultados',
          'Relatório de diagnóstico\nPlano de ação priorizado\nWorkshop de apresentação',
        ),
      ],
      items: [
        item('i1', 'Consultoria estratégica', 16, 'hora', 12000),
        item('i2', 'Workshop de equipa', 1, 'dia', 75000),
      ],
    },
  },
  {
    name: 'Implementação de CRM',
    description: 'Licenças, configuração, importação de dados e formação da equipa comercial.',
    category: 'vendas',
    tags: ['crm', 'software', 'formação'],
    content: {
      blocks: [text('b1', 'Plano de implementação', 'Configuração em 4 semanas com acompanhamento semanal.')],
      items: [
        item('i1', 'Implementação de CRM', 1, 'projeto', 320000),
        item('i2', 'Licença CRM', 10, 'usuário', 2900),
      ],
    },
  },
];

/** Platform templates every organization sees (the demo seed adds them; none can edit them). */
export const GLOBAL_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Proposta de serviços (modelo geral)',
    description: 'Estrutura clássica: apresentação, âmbito, calendário, investimento e condições.',
    category: 'outro',
    tags: ['geral', 'serviços'],
    content: {
      blocks: [
        text('g1', 'Sobre nós', 'Apresente a sua empresa em duas ou três frases.'),
        text('g2', 'Âmbito do trabalho', 'Descreva o que será entregue.'),
        list(
          'g3',
          'Condições',
          'Pagamento: 50% na adjudicação, 50% na entrega\nValidade da proposta: 30 dias',
        ),
      ],
      items: [item('g4', 'Serviço', 1, 'un', 0)],
    },
  },
  {
    name: 'Avença mensal',
    description: 'Modelo para serviços recorrentes faturados mensalmente.',
    category: 'consultoria',
    tags: ['avença', 'recorrente'],
    content: {
      blocks: [
        text('g1', 'Serviço contínuo', 'Acompanhamento mensal com reunião de ponto de situação.'),
        list('g2', 'Incluído', 'Horas de trabalho mensais\nRelatório mensal\nSuporte por email'),
      ],
      items: [item('g3', 'Avença mensal', 12, 'mês', 0)],
    },
  },
];
